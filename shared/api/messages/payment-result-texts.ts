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
