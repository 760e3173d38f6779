import { useStore } from '@nanostores/react';
import type { Ref } from 'react';
import { cartRenewals, cartSplitSchedule, checkoutTrustTexts } from '../../shared/catalogue';
import { formatMoney } from '../../shared/format/money';
import type { CartStore } from '../../shared/stores/cart';

/**
 * The order summary card (issue 25): each line at its price, the subtotal, the discount, what is due today
 * (the amount the Pay button charges) and what follows (an instalment plan's schedule, a yearly line's
 * renewal price), all as the server computed them.
 */
export function CartSummary({ store, cardRef }: { store: CartStore; cardRef?: Ref<HTMLDivElement> }) {
  const { cart } = useStore(store.$cart);
  if (!cart) return null;
  const schedule = cartSplitSchedule(cart);
  return (
    <div className="co__card co__summary" ref={cardRef}>
      <h2 className="co__summary-title">{checkoutTrustTexts.summaryTitle}</h2>
      <dl className="co__figures" aria-live="polite">
        {cart.details.map((detail) => (
          <div
            key={`${detail.id}:${detail.options.license_key ?? ''}`}
            className="co__figure co__figure--line"
          >
            <dt>
              {detail.name}
              {detail.price_name && <span className="co__figure-note">{detail.price_name}</span>}
            </dt>
            <dd>{formatMoney(detail.item_price)}</dd>
          </div>
        ))}
        <div className="co__figure">
          <dt>Subtotal</dt>
          <dd>{formatMoney(cart.subtotal)}</dd>
        </div>
        {cart.has_discounts && (
          <div className="co__figure">
            <dt>Discount</dt>
            <dd>-{formatMoney(cart.discounted_amount)}</dd>
          </div>
        )}
        <div className="co__figure">
          <dt>{checkoutTrustTexts.dueToday}</dt>
          <dd className="co__total">{formatMoney(cart.total)}</dd>
        </div>
        {schedule && (
          <div className="co__figure co__figure--follows">
            <dt>Payments</dt>
            <dd className="co__schedule">{schedule}</dd>
          </div>
        )}
        {cartRenewals(cart.details).map((text) => (
          <div key={text} className="co__figure co__figure--follows">
            <dt>{checkoutTrustTexts.afterToday}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
