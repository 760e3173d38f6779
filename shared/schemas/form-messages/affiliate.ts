export const affiliateMessages = {
  nameRequired: 'Please insert your name',
  usernameRequired: 'Username is required',
  usernameHasSpace: 'Username must not contain space',
  emailRequired: 'Email is required',
  paymentEmailInvalid: 'Payment email must be a valid email',
  urlRequired: 'Please insert your website url',
  promotionRequired: 'Please tell how you will promote us',
  promotionTooShort: 'The field must be at least 20 characters long',
  privacyRequired: 'Please agree to Terms & Conditions and Privacy Policy',
  /** Shown for the server code validation_errors, with the per-field messages. */
  validationErrors: 'Validation error, please check inputs',
} as const;
