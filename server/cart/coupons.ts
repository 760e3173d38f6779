import { eq } from 'drizzle-orm';
import { findTier, upsellMap } from '../../shared/catalogue';
import { couponMessages } from '../../shared/schemas/cart';
import type { Database } from '../db';
import { coupons } from '../db/schema';
import { toCents } from '../seed/catalogue';
import type { CouponRule } from './pricing';

export type CouponLookup = { rule: CouponRule } | { rule: null; msg: string };

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
  return { code, type: 'flat', amount, targets: [...targets.values()] };
}

/** Finds a coupon by code (case-insensitive) and says why it cannot be used when it cannot. */
export async function lookupCoupon(db: Database, rawCode: string, now = new Date()): Promise<CouponLookup> {
  const code = rawCode.trim().toUpperCase();
  const fromCatalogue = upsellCoupon(code);
  if (fromCatalogue) return { rule: fromCatalogue };
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  if (!row?.active) return { rule: null, msg: couponMessages.unknown };
  if (row.expiresAt && row.expiresAt <= now) return { rule: null, msg: couponMessages.expired };
  return {
    rule: {
      code: row.code,
      type: row.type,
      amount: row.amount,
      targets: row.downloadIds ? row.downloadIds.map((downloadId) => ({ downloadId })) : null,
    },
  };
}
