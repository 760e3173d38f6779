import { useStore } from '@nanostores/react';
import { type UpsellOffer, upsellsFor } from '../../shared/catalogue';
import { formatMoney } from '../../shared/format/money';
import type { Cart } from '../../shared/schemas/cart';
import type { CartStore } from '../../shared/stores/cart';

/** The agency bundle offer for the cart's first plain purchase; inside the bundle, its next tier. */
function offerFor(cart: Cart): UpsellOffer | null {
  for (const d of cart.details) {
    if (d.options.is_renewal || d.options.is_upgrade) continue;
    const { bundleOffer, tierOffer } = upsellsFor(d.id, d.options.price_id);
    if (bundleOffer ?? tierOffer) return bundleOffer ?? tierOffer;
  }
  return null;
}

/**
 * The upsell (spec §4): ticking saves the cart to old_cart and puts the offer in its place; unticking
 * restores the saved cart with its coupon and licence key.
 */
export function Upsell({ store }: { store: CartStore }) {
  const { cart, oldCart } = useStore(store.$cart);
  if (!cart) return null;
  const ticked = oldCart !== null;
  const offer = ticked ? null : offerFor(cart);
  const chosen = cart.details[0];
  if (!ticked && !offer) return null;
  return (
    <div className="co__card co__upsell">
      <label className="co__check">
        <input
          type="checkbox"
          checked={ticked}
          onChange={(event) =>
            void (event.currentTarget.checked ? offer && store.tickUpsell(offer) : store.untickUpsell())
          }
        />
        {offer ? (
          <span>
            Upgrade to <strong>{offer.name}</strong> for {formatMoney(offer.price)}
            {offer.value ? (
              <>
                {' '}
                <s className="co__muted">worth {formatMoney(offer.value)}</s>
              </>
            ) : null}
          </span>
        ) : (
          <span>
            Upgraded to <strong>{chosen?.name}</strong>: untick to go back to your previous cart
          </span>
        )}
      </label>
    </div>
  );
}
