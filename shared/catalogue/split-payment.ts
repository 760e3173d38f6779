import { truncate2 } from '../format/money';
import { splitScheduleText } from '../format/split-schedule';
import type { Cart } from '../schemas/cart';
import { downloadIds } from './product-ids';

/**
 * Split payment of the agency lifetime bundle (spec §4). Picking a month option re-adds the bundle with
 * that option's price id. The spec names neither the options nor their price ids; these are ours and the
 * server's cart reports them back as `splits (price_id, times)`.
 */
export interface SplitPlan {
  priceId: number;
  /** How many monthly payments. */
  times: number;
}

/** The bundle and tier that can be split, and the tier it reverts to (spec §4: "the non-split price"). */
export const splitPaymentProduct = { downloadId: downloadIds.agencyBundle, priceId: 2 } as const;

export const splitPlans: readonly SplitPlan[] = [
  { priceId: 3, times: 3 },
  { priceId: 4, times: 6 },
  { priceId: 5, times: 12 },
];

/** One instalment of a split total, truncated like every per-month figure (spec §9). */
export function splitInstalment(total: number, times: number): number {
  return times > 0 ? truncate2(total / times) : total;
}

/**
 * The schedule a cart with an instalment plan shows: its total is due today (the plan's first
 * instalment and anything else in the cart), then the plan's other instalments, each the line's price as
 * the server will charge it. Null for a cart without a plan.
 */
export function cartSplitSchedule(cart: Pick<Cart, 'total' | 'details'>): string | null {
  const plan = cart.details.find((detail) => (detail.options.recurring?.times ?? 0) > 0);
  const times = plan?.options.recurring?.times ?? 0;
  return plan ? splitScheduleText(cart.total, times - 1, plan.item_price) : null;
}
