import { anotherLifetimeProduct } from './extras';
import { downloadIds } from './product-ids';
import { agencyBundle, catalogueProducts } from './products';
import type { CatalogueProduct, PriceTier } from './types';

/** One upsell offer: the item sent to the cart when the box is ticked, with its coupon. */
export interface UpsellOffer {
  downloadId: number;
  priceId: number;
  name: string;
  /** What the buyer pays for the offer (the coupon brings the tier's price to this). */
  price: number;
  /** The "worth" figure shown struck through, when the offer names one (spec §9: 2600 and 13000). */
  value?: number;
  coupon?: string;
  /**
   * What ticking it puts the offer in place of: the whole cart (the bundle holds every product), or
   * the line of its own product, the rest of the cart kept (a higher tier; added beside when the
   * offer is another product).
   */
  replaces: 'cart' | 'line';
}

export interface UpsellOffers {
  /** A higher tier of the same product; for a top tier, the upsell-only lifetime product. */
  tierOffer: UpsellOffer | null;
  /** The agency bundle (yearly for yearly tiers, lifetime for lifetime tiers); null inside the bundle. */
  bundleOffer: UpsellOffer | null;
}

/* Coupon codes are ours: the spec says the upsell item goes with "its coupon" but names none. */
export const upsellCoupons = {
  addonsLifetime: 'UPSELL-ADDONS-LIFETIME',
  agencyBundle: 'UPSELL-AGENCY',
  anotherLifetime: 'UPSELL-LIFETIME',
} as const;

/** The addons plugin's lifetime tier costs 249.97 in the upsell (299.99 in the catalogue, spec §9). */
export const addonsLifetimeUpsellPrice = 249.97;
/** The agency bundle's "values" of spec §9, by price id: yearly 2600, lifetime 13000. */
export const agencyBundleValues: Readonly<Record<number, number>> = { 1: 2600, 2: 13000 };

function offer(product: CatalogueProduct, tier: PriceTier, extra: Partial<UpsellOffer> = {}): UpsellOffer {
  return {
    downloadId: product.downloadId,
    priceId: tier.priceId,
    name: `${product.name} – ${tier.name}`,
    price: tier.price,
    replaces: 'line',
    ...extra,
  };
}

function tierUpsell(product: CatalogueProduct, tier: PriceTier): UpsellOffer | null {
  const next = product.tiers[product.tiers.indexOf(tier) + 1];
  if (next) {
    const addonsLifetime = product.downloadId === downloadIds.addons && next.period === 'lifetime';
    return addonsLifetime
      ? offer(product, next, { price: addonsLifetimeUpsellPrice, coupon: upsellCoupons.addonsLifetime })
      : offer(product, next, product === agencyBundle ? { value: agencyBundleValues[next.priceId] } : {});
  }
  const extra = anotherLifetimeProduct.tiers[0];
  return extra ? offer(anotherLifetimeProduct, extra, { coupon: upsellCoupons.anotherLifetime }) : null;
}

function bundleUpsell(product: CatalogueProduct, tier: PriceTier): UpsellOffer | null {
  if (product.downloadId === agencyBundle.downloadId) return null;
  const bundleTier = agencyBundle.tiers.find((t) =>
    tier.period === 'lifetime' ? t.period === 'lifetime' : t.period === 'year',
  );
  if (!bundleTier) return null;
  return offer(agencyBundle, bundleTier, {
    value: agencyBundleValues[bundleTier.priceId],
    coupon: upsellCoupons.agencyBundle,
    replaces: 'cart',
  });
}

const key = (downloadId: number, priceId: number): string => `${downloadId}:${priceId}`;

/** Current product + tier ('downloadId:priceId') → its offers, for every tier of the product grid. */
export const upsellMap: ReadonlyMap<string, UpsellOffers> = new Map(
  catalogueProducts.flatMap((product) =>
    product.tiers.map(
      (tier) =>
        [
          key(product.downloadId, tier.priceId),
          { tierOffer: tierUpsell(product, tier), bundleOffer: bundleUpsell(product, tier) },
        ] as const,
    ),
  ),
);

const noOffers: UpsellOffers = { tierOffer: null, bundleOffer: null };

/** The offers for a cart item; an unknown item gets none. */
export function upsellsFor(downloadId: number, priceId: number): UpsellOffers {
  return upsellMap.get(key(downloadId, priceId)) ?? noOffers;
}
