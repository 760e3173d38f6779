import { type PriceTier, tierPerMonth } from '../../shared/catalogue';
import { formatMoney } from '../../shared/format/money';
import type { Recurring } from '../../shared/schemas/cart';

/** '/ year', '/ month', or nothing for a one-time (lifetime) price. */
export function periodSuffix(recurring: Recurring | null): string {
  if (!recurring) return '';
  return recurring.period === 'year' ? ' / year' : ' / month';
}

/** A tier's price as the grid shows it, with the per-month figure of spec §9 when there is one. */
export function tierPriceText(tier: PriceTier): { price: string; perMonth: string | null } {
  const perMonth = tierPerMonth(tier);
  return {
    price: `${formatMoney(tier.price)}${tier.period === 'lifetime' ? ' once' : periodSuffix({ period: tier.period, times: 0 })}`,
    perMonth: perMonth !== null && tier.period === 'year' ? `${formatMoney(perMonth)}/month` : null,
  };
}
