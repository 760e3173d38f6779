import { useStore } from '@nanostores/react';
import { cartSplitSchedule } from '../../shared/catalogue';
import { formatMoney } from '../../shared/format/money';
import type { CartStore } from '../../shared/stores/cart';

/** Subtotal, discount and total as the server computed them, and an instalment plan's schedule. */
export function CartSummary({ store }: { store: CartStore }) {
  const { cart } = useStore(store.$cart);
  if (!cart) return null;
  const schedule = cartSplitSchedule(cart);
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
      {schedule && (
        <>
          <dt>Payments</dt>
          <dd className="co__schedule">{schedule}</dd>
        </>
      )}
    </dl>
  );
}
