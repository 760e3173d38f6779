import { truncate2 } from '../format/money';
import type { BillingPeriod, PriceTier } from './types';

/**
 * The instalment rule of spec §9: prices are shown per month. A yearly price is divided by 12 and
 * truncated (not rounded) to 2 decimals; a monthly price is itself; a lifetime price has no monthly
 * figure (null).
 */
export function monthlyPrice(price: number, period: BillingPeriod): number | null {
  if (period === 'month') return price;
  if (period === 'year') return truncate2(price / 12);
  return null;
}

/** The per-month figure a tier shows: the catalogue's own figure when it names one, else the rule. */
export function tierPerMonth(tier: PriceTier): number | null {
  return tier.perMonth ?? monthlyPrice(tier.price, tier.period);
}
