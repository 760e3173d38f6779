import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { splitInstalment, splitPaymentProduct } from '../../shared/catalogue';
import { formatMoney } from '../../shared/format/money';
import type { CartStore } from '../../shared/stores/cart';

/**
 * Split payment of the agency lifetime bundle (spec §4): the toggle opens the month options; picking
 * one re-adds the bundle at that plan with the coupon; turning it off reverts to the one-off price.
 */
export function SplitPayment({ store }: { store: CartStore }) {
  const { cart } = useStore(store.$cart);
  const line = cart?.details.find((d) => d.id === splitPaymentProduct.downloadId);
  const active = line?.options.recurring?.period === 'month' ? line.options.price_id : null;
  const [open, setOpen] = useState(active !== null);
  const name = useId();
  if (!cart || !line) return null;

  const toggle = (on: boolean) => {
    setOpen(on);
    if (!on && active !== null) void store.setSplit(null);
  };

  return (
    <div className="co__extra">
      <label className="co__check">
        <input
          type="checkbox"
          checked={open || active !== null}
          onChange={(e) => toggle(e.currentTarget.checked)}
        />
        Split payment
      </label>
      {(open || active !== null) && (
        <fieldset className="co__toggle">
          <legend className="vendor-visually-hidden">Number of monthly payments</legend>
          {cart.splits.map((split) => (
            <label key={split.price_id}>
              <input
                type="radio"
                name={name}
                checked={active === split.price_id}
                onChange={() => void store.setSplit(split.price_id)}
              />
              {split.times} months × {formatMoney(splitInstalment(line.price, split.times))}/month
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
