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
