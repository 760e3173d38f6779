export {
  type AddressOptions,
  addressFields,
  type BillingAddress,
  billingAddressSchema,
  stateField,
} from './address';
export { type AffiliateRegistrationForm, affiliateRegistrationSchema } from './affiliate';
export {
  type ForgotPasswordForm,
  forgotPasswordRequestSchema,
  forgotPasswordSchema,
  isStrongPassword,
  type ResetPasswordForm,
  type ResetPasswordRequest,
  resetPasswordFormSchema,
  resetPasswordRequestSchema,
  type SignInForm,
  signInFormSchema,
  type TwoFactorCodeForm,
  twoFactorCodeSchema,
} from './auth';
export {
  type CheckoutForm,
  type CouponForm,
  checkoutFormSchema,
  couponCodeSchema,
  couponFormSchema,
} from './checkout';
export { fieldErrors } from './field-errors';
export { type InvoiceForm, invoiceFormSchema } from './invoice';
export {
  type PasswordChangeForm,
  type ProfileForm,
  passwordChangeSchema,
  profileFormSchema,
} from './profile';
export { type NewTicketForm, newTicketSchema, type ReplyForm, replySchema } from './tickets';
