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
