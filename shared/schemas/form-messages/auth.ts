export const signInMessages = {
  emailEmpty: "Email can't be empty",
  emailInvalid: 'Email is not valid',
  passwordEmpty: "Password can't be empty",
} as const;

export const twoFactorMessages = {
  codeEmpty: 'Please insert verification code',
} as const;

export const forgotPasswordMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please insert a valid email',
} as const;

export const resetPasswordMessages = {
  passwordEmpty: "Password can't be empty",
  passwordWeak:
    'Password must contain 1 lowercase, 1 uppercase,1 number and it must be 8 characters or longer',
  confirmEmpty: "Confirm password can't be empty",
  confirmMismatch: 'Confirm password does not match with the password',
} as const;
