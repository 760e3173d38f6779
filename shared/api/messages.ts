/**
 * Every failure, warning and success text of spec §8, word for word (typos included). Views and stores
 * import from here; no other file spells these strings. Each group is a module of its own under
 * messages/, so an element bundles only the groups it uses.
 */

export { addressFailures } from './messages/address-failures';
export { affiliateFailures } from './messages/affiliate-failures';
export { cardFailures } from './messages/card-failures';
export { checkoutFailures } from './messages/checkout-failures';
export { copyMessages } from './messages/copy-messages';
export { downloadFailures } from './messages/download-failures';
export { licenceFailures } from './messages/licence-failures';
export { managerFailures } from './messages/manager-failures';
export { newsFailures } from './messages/news-failures';
export { paymentResultTexts } from './messages/payment-result-texts';
export { requestFailures } from './messages/request-failures';
export { subscriptionFailures } from './messages/subscription-failures';
export { successMessages } from './messages/success-messages';
export { ticketFailures } from './messages/ticket-failures';
export { twoFactorFailures } from './messages/two-factor-failures';
export { warningMessages } from './messages/warning-messages';
