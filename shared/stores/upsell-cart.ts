import type { UpsellOffer } from '../catalogue/upsells';
import type { Cart, CartProduct } from '../schemas/cart';
import type { OldCart } from './cart-storage';

/*
 * The carts the upsell (spec §4) sends, as pure functions of the cart: what old_cart keeps, what
 * unticking restores, and what ticking an offer puts in its place.
 */

/** The cart as old_cart keeps it: a renewal first (its licence key kept), then the other new lines. */
export function snapshotCart(cart: Cart): OldCart {
  const renewal = cart.details.find((d) => d.options.is_renewal);
  const others = cart.details.filter((d) => d !== renewal && !d.options.is_upgrade);
  return {
    items: [...(renewal ? [renewal] : []), ...others].map((d) => ({
      download_id: d.id,
      price_id: d.options.price_id,
    })),
    ...(cart.discounts[0] ? { coupon: cart.discounts[0] } : {}),
    ...(renewal?.options.license_key ? { licenseKey: renewal.options.license_key } : {}),
  };
}

/** The products a saved cart stands for; the renewal carries its licence key. */
export function savedProducts(saved: OldCart): CartProduct[] {
  return saved.items.map((item, index) => ({
    ...item,
    ...(index === 0 && saved.licenseKey ? { license: saved.licenseKey } : {}),
  }));
}

/**
 * The `POST /add-to-cart` body that ticks `offer`: the bundle in place of the whole cart, a higher tier
 * in place of its product's line (the rest kept, the offer added beside when it is another product).
 * The offer's coupon goes with it; an offer without one keeps the cart's coupon, unless it replaces
 * the cart.
 */
export function upsellRequest(saved: OldCart, offer: UpsellOffer) {
  const item = { download_id: offer.downloadId, price_id: offer.priceId };
  let products: CartProduct[] = [item];
  if (offer.replaces === 'line') {
    products = savedProducts(saved);
    const at = products.findIndex((p) => p.download_id === offer.downloadId && !p.license);
    if (at >= 0) products[at] = item;
    else products.push(item);
  }
  const coupon = offer.coupon ?? (offer.replaces === 'line' ? saved.coupon : undefined);
  return { products, ...(coupon ? { coupon } : {}), action: 'replace' as const };
}
