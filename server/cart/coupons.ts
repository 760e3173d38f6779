import { and, eq, inArray, or } from 'drizzle-orm';
import { findTier, upsellMap } from '../../shared/catalogue';
import { couponMessages, couponMinimumMessage } from '../../shared/schemas/cart';
import { normaliseEmail } from '../auth/mailbox';
import type { Database } from '../db';
import { type CartLine, couponRedemptions, coupons } from '../db/schema';
import { toCents } from '../seed/catalogue';
import { type CouponRule, couponApplies, couponFitsCart } from './pricing';

/** The coupon's use limits as they stand (null for the upsell coupons, which have none). */
export interface CouponLimits {
  maxUses: number | null;
  uses: number;
  maxUsesPerCustomer: number | null;
}

export type CouponLookup = { rule: CouponRule; limits: CouponLimits | null } | { rule: null; msg: string };

/** Redemptions that count against a limit: a failed payment's released use does not. */
const countedStatuses = ['reserved', 'redeemed', 'over_limit'] as const;

/**
 * The upsell coupons of the catalogue (shared/catalogue/upsells.ts): each brings its offer's tier down
 * to the offer price, on that offer only. They live in code beside the offers they belong to, so an
 * upsell can never lose its coupon to a missing database row.
 */
function upsellCoupon(code: string): CouponRule | null {
  const offers = [...upsellMap.values()]
    .flatMap(({ tierOffer, bundleOffer }) => [tierOffer, bundleOffer])
    .filter((offer) => offer?.coupon?.toUpperCase() === code);
  if (offers.length === 0) return null;
  let amount = 0;
  const targets = new Map<string, { downloadId: number; priceId: number }>();
  for (const offer of offers) {
    if (!offer) continue;
    const tier = findTier(offer.downloadId, offer.priceId);
    amount = Math.max(amount, toCents((tier?.price ?? offer.price) - offer.price));
    targets.set(`${offer.downloadId}:${offer.priceId}`, {
      downloadId: offer.downloadId,
      priceId: offer.priceId,
    });
  }
  return {
    code,
    type: 'flat',
    amount,
    targets: [...targets.values()],
    priceIds: null,
    renewals: false,
    upgrades: false,
    minAmountCents: null,
    upsell: true,
  };
}

/**
 * Finds a coupon by code (case-insensitive) and says why it cannot be used when it is unknown, switched
 * off, not started or expired. Its use limits come with it; they are judged by `checkCoupon`.
 */
export async function lookupCoupon(db: Database, rawCode: string, now = new Date()): Promise<CouponLookup> {
  const code = rawCode.trim().toUpperCase();
  const fromCatalogue = upsellCoupon(code);
  if (fromCatalogue) return { rule: fromCatalogue, limits: null };
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  if (!row?.active) return { rule: null, msg: couponMessages.unknown };
  if (row.startsAt && row.startsAt > now) return { rule: null, msg: couponMessages.notStarted };
  if (row.expiresAt && row.expiresAt <= now) return { rule: null, msg: couponMessages.expired };
  return {
    rule: {
      code: row.code,
      type: row.type,
      amount: row.amount,
      targets: row.downloadIds ? row.downloadIds.map((downloadId) => ({ downloadId })) : null,
      priceIds: row.priceIds,
      renewals: row.appliesToRenewals,
      upgrades: row.appliesToUpgrades,
      minAmountCents: row.minAmountCents,
      upsell: false,
    },
    limits: { maxUses: row.maxUses, uses: row.uses, maxUsesPerCustomer: row.maxUsesPerCustomer },
  };
}

/** Who would use the coupon: the account and the e-mail address, each when known. */
export interface CouponCustomer {
  userId: number | null;
  email: string | null;
}

/** The uses one customer has of a coupon: by account or by any spelling of the address. */
export async function customerUses(
  db: Database,
  code: string,
  customer: CouponCustomer,
  exceptPaymentId: number | null = null,
): Promise<number> {
  const who = [
    customer.userId === null ? undefined : eq(couponRedemptions.userId, customer.userId),
    customer.email ? eq(couponRedemptions.email, normaliseEmail(customer.email)) : undefined,
  ].filter((condition) => condition !== undefined);
  if (who.length === 0) return 0;
  const rows = await db
    .select({ paymentId: couponRedemptions.paymentId })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.code, code),
        inArray(couponRedemptions.status, [...countedStatuses]),
        or(...who),
      ),
    );
  return rows.filter((row) => row.paymentId !== exceptPaymentId).length;
}

/** Why the lines refuse a coupon that discounts none of them: renewals, upgrades, or other products. */
function misfitMessage(rule: CouponRule, lines: readonly CartLine[]): string {
  const asNew = (line: CartLine): CartLine => ({
    kind: 'new',
    downloadId: line.downloadId,
    priceId: line.priceId,
  });
  const fitsAsNew = (kind: CartLine['kind']) =>
    lines.some((line) => line.kind === kind && couponApplies(rule, asNew(line)));
  if (!rule.renewals && fitsAsNew('renewal')) return couponMessages.notForRenewals;
  if (!rule.upgrades && fitsAsNew('upgrade')) return couponMessages.notForUpgrades;
  return couponMessages.notForCart;
}

export interface CouponCheck {
  lines: readonly CartLine[];
  /** The cart's subtotal before any discount. */
  subtotalCents: number;
  customer: CouponCustomer;
  /** 'box': typed into the coupon box (`POST /coupon`), where an upsell's coupon is refused. */
  via: 'box' | 'cart';
  now?: Date;
}

/**
 * Every rule a vendor can set, judged for one cart and customer: the answer is the rule, or the message
 * the coupon box shows. The use limits judged here are advice for the page; the use itself is taken,
 * under the coupon's row lock, when the payment is made (`reserveCouponUse`).
 */
export async function checkCoupon(
  db: Database,
  code: string,
  check: CouponCheck,
): Promise<{ rule: CouponRule } | { rule: null; msg: string }> {
  const lookup = await lookupCoupon(db, code, check.now);
  if (!lookup.rule) return lookup;
  const { rule, limits } = lookup;
  if (rule.upsell && check.via === 'box') return { rule: null, msg: couponMessages.upsellOnly };
  if (check.lines.length === 0) return { rule: null, msg: couponMessages.emptyCart };
  if (limits?.maxUses != null && limits.uses >= limits.maxUses) {
    return { rule: null, msg: couponMessages.usedUp };
  }
  if (
    limits?.maxUsesPerCustomer != null &&
    (await customerUses(db, rule.code, check.customer)) >= limits.maxUsesPerCustomer
  ) {
    return { rule: null, msg: couponMessages.customerLimit };
  }
  if (!check.lines.some((line) => couponApplies(rule, line))) {
    return { rule: null, msg: misfitMessage(rule, check.lines) };
  }
  if (!couponFitsCart(rule, check.lines, check.subtotalCents)) {
    return { rule: null, msg: couponMinimumMessage(rule.minAmountCents ?? 0) };
  }
  return { rule };
}
