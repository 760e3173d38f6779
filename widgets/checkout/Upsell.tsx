import { useStore } from '@nanostores/react';
import { agencyBundle, type UpsellOffer, upsellsFor } from '../../shared/catalogue';
import { formatMoney } from '../../shared/format/money';
import type { Cart } from '../../shared/schemas/cart';
import type { CartStore } from '../../shared/stores/cart';
import type { OldCart } from '../../shared/stores/cart-storage';

/**
 * The offers of spec §9 for the cart's first plain purchase: its higher tier, and the agency bundle
 * unless the cart already holds the bundle.
 */
function offersFor(cart: Cart): UpsellOffer[] {
  const hasBundle = cart.details.some((d) => d.id === agencyBundle.downloadId);
  for (const d of cart.details) {
    if (d.options.is_renewal || d.options.is_upgrade) continue;
    const { tierOffer, bundleOffer } = upsellsFor(d.id, d.options.price_id);
    const offers = [tierOffer, hasBundle ? null : bundleOffer].filter((o): o is UpsellOffer => o !== null);
    if (offers.length > 0) return offers;
  }
  return [];
}

/** The line a ticked offer put in the cart (the one old_cart did not have); null until it is there. */
function upgradedLine(cart: Cart, saved: OldCart): string | null {
  const added = cart.details.find(
    (d) => !saved.items.some((i) => i.download_id === d.id && i.price_id === d.options.price_id),
  );
  if (!added) return null;
  return added.price_name ? `${added.name} – ${added.price_name}` : added.name;
}

/**
 * The upsell (spec §4): ticking an offer saves the cart to old_cart and puts the offer in its place;
 * unticking restores the saved cart with its coupon and licence key. One offer at a time is ticked.
 */
export function Upsell({ store }: { store: CartStore }) {
  const { cart, oldCart } = useStore(store.$cart);
  if (!cart) return null;
  if (oldCart) {
    return (
      <div className="co__card co__upsell">
        <label className="co__check">
          <input type="checkbox" checked onChange={() => void store.untickUpsell()} />
          <span>
            Upgraded to <strong>{upgradedLine(cart, oldCart)}</strong>: untick to go back to your previous
            cart
          </span>
        </label>
      </div>
    );
  }
  const offers = offersFor(cart);
  if (offers.length === 0) return null;
  return (
    <div className="co__card co__upsell">
      {offers.map((offer) => (
        <label key={`${offer.downloadId}:${offer.priceId}`} className="co__check">
          <input type="checkbox" checked={false} onChange={() => void store.tickUpsell(offer)} />
          <span>
            Upgrade to <strong>{offer.name}</strong> for {formatMoney(offer.price)}
            {offer.value ? (
              <>
                {' '}
                <s className="co__muted">worth {formatMoney(offer.value)}</s>
              </>
            ) : null}
          </span>
        </label>
      ))}
    </div>
  );
}
