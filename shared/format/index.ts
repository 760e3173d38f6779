export {
  type BadgeTone,
  licenceBadge,
  payoutBadge,
  purchaseBadge,
  referralBadge,
  subscriptionBadge,
  ticketBadge,
} from './badges';
export { COPYRIGHT_START_YEAR, copyrightRange } from './copyright';
export { type DateFormatOptions, type DateInput, formatDate, toDate } from './dates';
export { maskEmail } from './email';
export { formatExpiration } from './expiration';
export { shortenFileName } from './file-name';
export { htmlToText } from './html';
export { joinMessages } from './messages';
export { formatMoney, toAmount, truncate2 } from './money';
export { formatOrderNumber, orderLabel } from './order-number';
export { splitScheduleText, timesBilledText } from './split-schedule';
