export const twoFactorFailures = {
  verificationCodeInvalid: 'Sorry, your verification code is not valid, please try again.',
  emailCodeExpired: 'Expired code or wrong one',
} as const;
