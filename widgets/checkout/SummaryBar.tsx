import { useStore } from '@nanostores/react';
import { checkoutTrustTexts } from '../../shared/catalogue';
import { formatMoney } from '../../shared/format/money';
import type { CartStore } from '../../shared/stores/cart';

/**
 * The order in one line on a narrow checkout, held at the top of the screen while the buyer scrolls
 * through the cart and the form: how many items and the amount the Pay button charges. Wide checkouts
 * keep the summary card in view instead (checkout.css).
 */
export function SummaryBar({ store }: { store: CartStore }) {
  const { cart } = useStore(store.$cart);
  if (!cart) return null;
  return (
    <p className="co__bar" part="summary-bar">
      <span>{checkoutTrustTexts.items(cart.details.length)}</span>
      <span>
        {checkoutTrustTexts.total} <strong>{formatMoney(cart.total)}</strong>
      </span>
    </p>
  );
}
