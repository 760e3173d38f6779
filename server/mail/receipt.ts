import { paymentResultTexts } from '../../shared/api/messages/payment-result-texts';
import { formatDate } from '../../shared/format/dates';
import { formatMoney } from '../../shared/format/money';
import { formatOrderNumber, orderLabel } from '../../shared/format/order-number';
import { splitScheduleText, timesBilledText } from '../../shared/format/split-schedule';
import type { PaymentInfo } from '../../shared/schemas/checkout';
import type { MailMessage } from './mailer';

type Subscription = PaymentInfo['subscriptions'][number];

function subscriptionLine(s: Subscription, total: number): string {
  const plan =
    s.bill_times > 0
      ? `${splitScheduleText(total, s.bill_times - s.times_billed, s.amount)}; times billed ${timesBilledText(s.times_billed, s.bill_times)}`
      : `${formatMoney(s.amount)} / ${s.frequency}, next renewal ${formatDate(s.renewal_date)}`;
  return `  ${s.name}: ${plan} (${s.status})`;
}

/**
 * The receipt of a completed purchase, free or paid, as the success page shows it: the order number,
 * the items, the licence keys, the subscriptions, the totals and a link to the account. Licence keys are
 * what the buyer bought, not sign-in secrets: no password or sign-in link is ever part of it.
 */
export function receiptMail(info: PaymentInfo, accountUrl: string): MailMessage {
  const lines = [
    paymentResultTexts.thanks,
    '',
    orderLabel(info.payment),
    `Date: ${formatDate(info.completed_date, { withTime: true })}`,
    `Payment method: ${info.payment_method}`,
    '',
    'Items:',
    ...info.products.map((p) => `  ${p.name}: ${formatMoney(p.price)}`),
  ];
  if (info.licenses.length > 0) {
    lines.push('', 'License keys:', ...info.licenses.map((l) => `  ${l.name}: ${l.license_key}`));
  }
  if (info.subscriptions.length > 0) {
    lines.push('', 'Subscriptions:', ...info.subscriptions.map((s) => subscriptionLine(s, info.total)));
  }
  lines.push('', `Subtotal: ${formatMoney(info.subtotal)}`);
  const discountCents = Math.round(info.subtotal * 100) - Math.round(info.total * 100);
  if (discountCents > 0) lines.push(`Discount: -${formatMoney(discountCents / 100)}`);
  lines.push(`Total: ${formatMoney(info.total)}`, '', `Your account: ${accountUrl}`);
  return {
    to: info.email,
    subject: `Your receipt for order ${formatOrderNumber(info.payment)}`,
    text: lines.join('\n'),
  };
}
