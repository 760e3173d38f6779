import { type BillingPeriod, splitPaymentProduct, splitPlans } from '../../shared/catalogue';
import type { Cart, CartDetail, Recurring } from '../../shared/schemas/cart';
import type { CartLine } from '../db/schema';
import { type UpgradeLicence, upgradeCost } from '../licences/upgrades';

/** A tier as the database prices it (product_tiers joined with products). */
export interface TierInfo {
  productName: string;
  slug: string;
  tierName: string;
  priceCents: number;
  period: BillingPeriod;
}

/** The licence a renewal or upgrade line refers to. */
export interface LicenceInfo extends UpgradeLicence {
  id: number;
  key: string;
}

/**
 * A coupon ready to price with: `amount` is a whole percent or cents; `targets` null = every product,
 * `priceIds` null = every tier; renewal and upgrade lines only when allowed; the cart's subtotal
 * (before discounts) at least `minAmountCents`.
 */
export interface CouponRule {
  code: string;
  type: 'percent' | 'flat';
  amount: number;
  targets: { downloadId: number; priceId?: number }[] | null;
  priceIds: number[] | null;
  renewals: boolean;
  upgrades: boolean;
  minAmountCents: number | null;
  /** An upsell offer's coupon (spec §9): it comes with the offer's item, never typed in the box. */
  upsell: boolean;
}

export interface PricingContext {
  tier(downloadId: number, priceId: number): TierInfo | undefined;
  licence(id: number): LicenceInfo | undefined;
  coupon: CouponRule | null;
  /** Origin for product images (absolute, so a page on another origin can show them). */
  imageOrigin: string | null;
  cartToken: string | null;
  /** The clock upgrades are prorated by. */
  now: Date;
}

interface PricedLine {
  line: CartLine;
  tier: TierInfo;
  /** The tier's list price. */
  listCents: number;
  /** What the line costs before its discount. */
  itemCents: number;
  recurring: Recurring | null;
  priceName: string;
  licenceKey: string | null;
}

const dollars = (cents: number): number => Math.round(cents) / 100;

/** The split plan a line stands for, when it is the agency lifetime bundle paid in instalments. */
export function splitPlanOf(downloadId: number, priceId: number) {
  if (downloadId !== splitPaymentProduct.downloadId) return undefined;
  return splitPlans.find((plan) => plan.priceId === priceId);
}

function recurringOf(period: BillingPeriod): Recurring | null {
  return period === 'lifetime' ? null : { period, times: 0 };
}

/** Prices one line from the database tiers, or null when its tier or licence no longer exists. */
function priceLine(line: CartLine, ctx: PricingContext): PricedLine | null {
  const plan = splitPlanOf(line.downloadId, line.priceId);
  const tier = ctx.tier(line.downloadId, plan ? splitPaymentProduct.priceId : line.priceId);
  if (!tier) return null;
  const base = { line, tier, listCents: tier.priceCents, priceName: tier.tierName, licenceKey: null };
  if (plan) {
    // Spec §9: per-month figures are truncated, never rounded up.
    const itemCents = Math.trunc(tier.priceCents / plan.times);
    return {
      ...base,
      itemCents,
      recurring: { period: 'month', times: plan.times },
      priceName: `${tier.tierName} (${plan.times} monthly payments)`,
    };
  }
  if (line.kind === 'new')
    return { ...base, itemCents: tier.priceCents, recurring: recurringOf(tier.period) };
  const licence = line.licenceId === undefined ? undefined : ctx.licence(line.licenceId);
  if (!licence) return null;
  if (line.kind === 'renewal') {
    return {
      ...base,
      itemCents: tier.priceCents,
      recurring: recurringOf(tier.period),
      licenceKey: licence.key,
    };
  }
  // Priced as GET /upgrades advertises it; an upgrade no longer offered (the licence expired) drops out.
  const current = ctx.tier(licence.downloadId, licence.priceId);
  const itemCents = upgradeCost(
    licence,
    current && { priceId: licence.priceId, priceCents: current.priceCents, period: current.period },
    { priceId: line.priceId, priceCents: tier.priceCents, period: tier.period },
    ctx.now,
  );
  if (itemCents === null) return null;
  return { ...base, itemCents, recurring: recurringOf(tier.period), licenceKey: licence.key };
}

export function couponApplies(rule: CouponRule, line: CartLine): boolean {
  if (line.kind === 'renewal' && !rule.renewals) return false;
  if (line.kind === 'upgrade' && !rule.upgrades) return false;
  if (rule.priceIds && !rule.priceIds.includes(line.priceId)) return false;
  return (
    rule.targets === null ||
    rule.targets.some((t) => t.downloadId === line.downloadId && (t.priceId ?? line.priceId) === line.priceId)
  );
}

/**
 * Whether a coupon discounts the cart: at least one line it applies to, and the subtotal it needs
 * (the lines' prices before any discount).
 */
export function couponFitsCart(rule: CouponRule, lines: readonly CartLine[], subtotalCents: number): boolean {
  return lines.some((line) => couponApplies(rule, line)) && subtotalCents >= (rule.minAmountCents ?? 0);
}

/** Per-line discounts: a percent off each eligible line, or a flat amount spent across them in order. */
function discounts(priced: readonly PricedLine[], rule: CouponRule | null): number[] {
  let flatLeft = rule?.type === 'flat' ? rule.amount : 0;
  return priced.map(({ line, itemCents }) => {
    if (!rule || !couponApplies(rule, line)) return 0;
    if (rule.type === 'percent') return Math.round((itemCents * Math.min(rule.amount, 100)) / 100);
    const off = Math.min(flatLeft, itemCents);
    flatLeft -= off;
    return off;
  });
}

function detail(priced: PricedLine, discountCents: number, ctx: PricingContext): CartDetail {
  const { line, tier } = priced;
  return {
    id: line.downloadId,
    name: tier.productName,
    price_name: priced.priceName,
    price: dollars(priced.listCents),
    item_price: dollars(priced.itemCents),
    discount: dollars(discountCents),
    subtotal: dollars(priced.itemCents - discountCents),
    item_number: {
      id: line.downloadId,
      image: ctx.imageOrigin ? `${ctx.imageOrigin}/assets/products/${tier.slug}.svg` : null,
      options: { price_id: line.priceId },
    },
    options: {
      price_id: line.priceId,
      recurring: priced.recurring,
      is_renewal: line.kind === 'renewal',
      is_upgrade: line.kind === 'upgrade',
      license_key: priced.licenceKey,
    },
  };
}

/** Lines whose tier or licence still exists; the rest are dropped from the cart. */
export function priceableLines(lines: readonly CartLine[], ctx: PricingContext): CartLine[] {
  return lines.filter((line) => priceLine(line, ctx) !== null);
}

/**
 * The whole cart of spec §3, computed from the stored lines and the database's prices: nothing here
 * comes from the client. A coupon that discounts no line is left out.
 */
export function priceCart(lines: readonly CartLine[], ctx: PricingContext): Cart {
  const priced = lines.map((line) => priceLine(line, ctx)).filter((p): p is PricedLine => p !== null);
  const subtotalCents = priced.reduce((sum, p) => sum + p.itemCents, 0);
  const rule = ctx.coupon && couponFitsCart(ctx.coupon, lines, subtotalCents) ? ctx.coupon : null;
  const off = discounts(priced, rule);
  const discountCents = off.reduce((sum, d) => sum + d, 0);
  const hasAgencyLifetime = lines.some(
    (l) =>
      l.downloadId === splitPaymentProduct.downloadId &&
      (l.priceId === splitPaymentProduct.priceId || splitPlanOf(l.downloadId, l.priceId)),
  );
  return {
    contents: priced.map((p) => ({
      id: p.line.downloadId,
      options: { price_id: p.line.priceId, recurring: p.recurring },
    })),
    details: priced.map((p, index) => detail(p, off[index] ?? 0, ctx)),
    splits: hasAgencyLifetime
      ? splitPlans.map((plan) => ({ price_id: plan.priceId, times: plan.times }))
      : [],
    subtotal: dollars(subtotalCents),
    total: dollars(Math.max(0, subtotalCents - discountCents)),
    discounted_amount: dollars(discountCents),
    discounts: rule ? [rule.code] : [],
    coupons: rule
      ? [
          {
            code: rule.code,
            type: rule.type,
            amount: rule.type === 'flat' ? dollars(rule.amount) : rule.amount,
          },
        ]
      : [],
    has_discounts: discountCents > 0,
    cart_token: ctx.cartToken,
  };
}
