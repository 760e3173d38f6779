/**
 * Every validation message of spec §5, word for word (typos included: 'Fist name', 'uppercase,1 number',
 * 'must be greater than N character'). Forms and the server read them from here; no other file spells
 * them. Messages with a placeholder are functions. The §8 messages live in shared/api/messages.ts.
 */

/** The generic rules of spec §5. */
export const ruleMessages = {
  required: (field: string) => `${field} is required`,
  minLength: (min: number) => `must be greater than ${min} character`,
  maxLength: (field: string, max: number) => `The length of ${field} must be under ${max} character`,
  match: (field: string, other: string) => `The ${field} must match with ${other}`,
  /**
   * The spec gives the generic email and username rules no text of their own; where a form names none
   * (profile and affiliate account e-mail) we use the checkout's and the affiliate form's wording.
   */
  email: 'Please insert a valid email',
  username: 'Username must not contain space',
} as const;

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

export const passwordChangeMessages = {
  passwordEmpty: 'Please enter password',
  confirmEmpty: 'Please confirm password',
  confirmMismatch: 'Confirm password does not match, please check input.',
} as const;

export const ticketMessages = {
  subjectEmpty: 'Please enter subject',
  messageEmpty: 'Please enter message',
  replyEmpty: 'Message is required',
} as const;

export const profileMessages = {
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'Fist name should not be more than 60 characters',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name should not be more than 60 characters',
  displayNameRequired: 'Display name is required',
  displayNameTooLong: 'Display name should not be more than 100 characters',
  emailRequired: 'Email is required',
} as const;

/** Shared by the profile, invoice and checkout address fields. */
export const billingAddressMessages = {
  /** Profile and invoice: the generic required text ('Country is required'); checkout has its own. */
  countryRequired: 'Country is required',
  line1Required: 'Please insert billing address',
  line1TooLong: 'Billing address should not be more than 255 characters',
  line2TooLong: 'Billing address line 2 should not be more than 255 characters',
  cityRequired: 'Please insert city',
  cityTooLong: 'City should not be more than 60 characters',
  zipRequired: 'Please insert zip/postal code',
  zipTooLong: 'Zip/postal code should not be more than 24 characters',
  stateRequired: 'Please select state',
} as const;

export const invoiceMessages = {
  nameRequired: 'Please insert billing name',
  nameTooLong: 'Billing name should not be more than 100 characters',
  emailRequired: 'Please insert email',
  emailInvalid: 'Please enter a valid email',
} as const;

export const checkoutMessages = {
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'Fist name should not be more than 60 characters',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name should not be more than 60 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please insert a valid email',
  acquisitionRequired: 'Please select how did you find us',
  gatewayRequired: 'Please select payment method',
  termsRequired: 'Please agree to Terms & Conditions and Privacy Policy',
  countryRequired: 'Please select country',
  couponEmpty: 'Please insert coupon code',
  /** The toast after a failed submit. */
  submitFailed: 'Please fill the information required for checkout',
} as const;

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
