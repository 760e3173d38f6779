import type { BillingPeriod } from '../../shared/catalogue/types';

/**
 * `months` calendar months after `from`, on the same day of the month, or on the month's last day when
 * it is shorter: Jan 31 plus a month is Feb 28 (29), never Mar 3 as `setUTCMonth` alone would make it.
 */
export function addMonths(from: Date, months: number): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** The date `count` billing periods (a month or a year) after `from`; null for lifetime. */
export function addPeriods(from: Date, period: BillingPeriod | string, count = 1): Date | null {
  if (period === 'lifetime') return null;
  return addMonths(from, (period === 'month' ? 1 : 12) * count);
}
