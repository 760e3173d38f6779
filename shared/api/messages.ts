/**
 * Every failure, warning and success text of spec §8, word for word (typos included). Views and stores
 * import from here; no other file spells these strings.
 */
/** Failures of any call (spec §8 "Codes handled" and the default). */
export const requestFailures = {
  default: 'Something went wrong!',
  internalServerError: 'Something went wrong, please try again later.',
  operationFailed: 'Operation failed',
} as const;

/*
 * Failures by domain, each in its own object so that an element bundles only the texts of its own
 * domain (an element pays for every byte it ships).
 */
export const checkoutFailures = {
  checkoutFailed: 'Failed to process checkout',
  cartFailed: 'Failed to retrieve your cart information, please try again',
  upgradesFailed: 'Unable to get upgrades data, please try again',
  paymentConfirmationFailed: 'Failed to get payment confirmation data, please contact support.',
} as const;

export const addressFailures = {
  countriesFailed: 'Unable to get countries, please try again',
  statesFailed: 'Unable to get states, please try again',
} as const;

export const ticketFailures = {
  ticketsFailed: 'Unable to get tickets, please try again',
  createTicketFailed: 'Failed to create ticket',
  conversationsFailed: 'Failed to get conversations',
} as const;

export const downloadFailures = {
  downloadsFailed: 'Failed to get downloads',
  downloadFailed: 'Failed to download',
  invoiceDataFailed: 'Failed to get invoice data',
} as const;

export const managerFailures = {
  ordersFailed: 'Unable to get orders',
  switchAccountFailed: 'Unable to switch account',
} as const;

export const newsFailures = {
  newsFailed: 'Get latest news failed',
} as const;

export const cardFailures = {
  addCardFailed: (reason: string) => `Unable to add new card. ${reason}`,
  setDefaultCardFailed: (reason: string) => `Unable to set default card. ${reason}`,
  removeCardFailed: (reason: string) => `Unable to remove card, ${reason}`,
  addCardReturnFailed: 'Failed to add card.',
} as const;

export const subscriptionFailures = {
  cancelSubscriptionFailed: 'Failed to cancel subscription',
  reactivateSubscriptionFailed: 'Failed to reactive subscription',
} as const;

export const affiliateFailures = {
  visitsFailed: 'Unable to get visits, please try again',
  referralsFailed: 'Unable to get referrals, please try again',
  payoutsFailed: 'Unable to get payouts, please try again',
  creativesFailed: 'Unable to get creatives, please try again',
} as const;

export const twoFactorFailures = {
  verificationCodeInvalid: 'Sorry, your verification code is not valid, please try again.',
  emailCodeExpired: 'Expired code or wrong one',
} as const;

export const warningMessages = {
  twoFactorRequired: '2FA Authentication Required',
  cannotRemoveDefaultCard:
    'You can not remove a default card. Please set another card as default to continue billing.',
} as const;

export const successMessages = {
  passwordReset: 'Your password reset successfully',
  forgetPasswordRequest: 'Forget password request success',
  resetLinkSent: 'A reset password link have been sent to your email, please check your email.',
  profileUpdated: 'Profile updated successfully',
  subscriptionCanceled: 'Subscription canceled successfully',
  subscriptionReactivated: 'Subscription reactivated successfully',
  csvExported: 'CSV exported successfully',
  recoveryCodeDownloaded: 'Your recovery code is downloaded.',
  affiliateRegistered: 'Successfully registered, please check your email.',
  cardAdded: 'Added card successfully.',
} as const;

/** The confirmations a copy button shows, by what was copied. */
export const copyMessages = {
  code: 'Code is copied to clipboard',
  licenseKey: 'License key copied',
  affiliateUrl: 'Affiliate url copied',
  generatedUrl: 'Generated url copied',
  codeShort: 'Code copied',
} as const;

/** The payment result pages (spec §2 Payment success, Payment failed). */
export const paymentResultTexts = {
  thanks: 'Thank you for your purchase!',
  waiting: 'Please wait, we are getting your subscription data.',
  loginToDashboard: 'Login to Dashboard',
  goToDashboard: 'Go to Dashboard',
  credentialsMailed: (email: string) =>
    `Your login credentials have been sent to ${email || 'your e-mail address'}. Please check your inbox.`,
  failed:
    'Payment Failed — Your transaction could not be processed. Please check your payment information and try again.',
  browseProducts: 'Browse Products',
} as const;
