export const passwordChangeMessages = {
  passwordEmpty: 'Please enter password',
  confirmEmpty: 'Please confirm password',
  confirmMismatch: 'Confirm password does not match, please check input.',
} as const;
