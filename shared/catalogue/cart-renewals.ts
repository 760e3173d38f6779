import { formatMoney } from '../format/money';
import type { CartDetail } from '../schemas/cart';

/**
 * What each yearly line of a cart costs after today: '$199.00 a year for Addons'. The figure is the tier's
 * list price, the amount a renewal is charged (server/checkout/lines.ts: a discount or an upgrade's
 * proration applies to the first payment only). Lifetime lines and instalment plans have none (a plan's
 * later payments are its schedule, cartSplitSchedule).
 */
export function cartRenewals(details: readonly Pick<CartDetail, 'name' | 'price' | 'options'>[]): string[] {
  return details
    .filter((detail) => detail.options.recurring?.period === 'year' && detail.options.recurring.times === 0)
    .map((detail) => `${formatMoney(detail.price)} a year for ${detail.name}`);
}
