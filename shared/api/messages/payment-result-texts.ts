/** The payment result pages (spec §2 Payment success, Payment failed). */
export const paymentResultTexts = {
  thanks: 'Thank you for your purchase!',
  waiting: 'Please wait, we are getting your subscription data.',
  loginToDashboard: 'Login to Dashboard',
  goToDashboard: 'Go to Dashboard',
  credentialsMailed: (email: string) =>
    `Your login credentials have been sent to ${email || 'your e-mail address'}. Please check your inbox.`,
  /** A guest bought with the address of an account that already existed: no credentials were mailed. */
  existingAccount: (email: string) =>
    `An account with ${email} already exists, and this purchase was added to it. Sign in with that account; the receipt was sent to ${email}.`,
  failed:
    'Payment Failed — Your transaction could not be processed. Please check your payment information and try again.',
  browseProducts: 'Browse Products',
} as const;
