import { findProduct, upsellMap, upsellsFor } from '../../shared/catalogue';
import type { CartLine } from '../db/schema';

/** Upsell-only products that are sold through an offer's coupon (spec §9's 'Another lifetime product'). */
const soldThroughOffers = new Set(
  [...upsellMap.values()]
    .flatMap(({ tierOffer, bundleOffer }) => [tierOffer, bundleOffer])
    .filter((offer) => offer?.coupon && findProduct(offer.downloadId)?.upsellOnly)
    .map((offer) => offer?.downloadId),
);

/**
 * Whether an upsell-only line came through its upsell (spec §9): the request carries the offer's
 * coupon, and another line of the cart is one the offer is made for (the top tier that 'Another
 * lifetime product' is offered beside). A product not sold through offers needs nothing here.
 */
export function offeredInCart(
  line: CartLine,
  lines: readonly CartLine[],
  coupon: string | undefined,
): boolean {
  if (!soldThroughOffers.has(line.downloadId)) return true;
  const code = coupon?.trim().toUpperCase();
  return lines.some((other) => {
    if (other === line) return false;
    const { tierOffer, bundleOffer } = upsellsFor(other.downloadId, other.priceId);
    return [tierOffer, bundleOffer].some(
      (offer) =>
        offer?.downloadId === line.downloadId &&
        offer.priceId === line.priceId &&
        offer.coupon?.toUpperCase() === code,
    );
  });
}
