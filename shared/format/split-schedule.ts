import { formatMoney } from './money';

/**
 * What an instalment plan charges when: '$166.50 today, then 5 monthly payments of $166.50'. `today` is
 * what is charged now (the cart's total, or the receipt's), `following` the payments still to come and
 * `instalment` each of them, the same figures the server charges.
 */
export function splitScheduleText(today: number, following: number, instalment: number): string {
  const payments = following === 1 ? 'payment' : 'payments';
  return `${formatMoney(today)} today, then ${following} monthly ${payments} of ${formatMoney(instalment)}`;
}

/** 'Times Billed' of a subscription: '1 of 6' for a plan of 6 payments, '1' for one without an end. */
export function timesBilledText(timesBilled: number, billTimes: number): string {
  return billTimes > 0 ? `${timesBilled} of ${billTimes}` : String(timesBilled);
}
