import type { Cart } from '../../shared/schemas/cart';
import type { UserRow } from '../auth/sessions';
import type { CartTrackingPayload } from './tracker';

/**
 * The spec §7 tracking payload for a cart. `checkout_url` is the recovery link: the checkout with the
 * cart's `contents` and its `racart`, which `POST /recapture/regenerate-cart` turns back into a cart.
 */
export function trackingPayload(
  recoveryId: string,
  cart: Cart,
  user: UserRow | null,
  origin: string | null,
): CartTrackingPayload {
  const contents = cart.contents.map((item) => ({ id: item.id, price_id: item.options.price_id }));
  const query = new URLSearchParams({ contents: JSON.stringify(contents), racart: recoveryId });
  return {
    external_id: recoveryId,
    grand_total: cart.total,
    products: cart.details.map((item) => ({
      name: item.name,
      image: item.item_number.image,
      price: item.subtotal,
      external_id: item.id,
      qty: 1,
      variant_id: item.options.price_id,
    })),
    discount_codes: cart.discounts,
    checkout_url: `${origin ?? ''}/checkout?${query}`,
    customer: user ? { email: user.email, first_name: user.firstName, last_name: user.lastName } : null,
  };
}
