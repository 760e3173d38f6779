import { useStore } from '@nanostores/react';
import { formatMoney } from '../../shared/format/money';
import type { CartStore } from '../../shared/stores/cart';

/** Subtotal, discount and total as the server computed them. */
export function CartSummary({ store }: { store: CartStore }) {
  const { cart } = useStore(store.$cart);
  if (!cart) return null;
  return (
    <dl className="co__card co__summary" aria-live="polite">
      <dt>Subtotal</dt>
      <dd>{formatMoney(cart.subtotal)}</dd>
      {cart.has_discounts && (
        <>
          <dt>Discount</dt>
          <dd>-{formatMoney(cart.discounted_amount)}</dd>
        </>
      )}
      <dt>Total</dt>
      <dd className="co__total">{formatMoney(cart.total)}</dd>
    </dl>
  );
}
