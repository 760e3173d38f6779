import { useStore } from '@nanostores/react';
import { freeMonths, moneyBackGuarantee } from '../../shared/catalogue';
import type { CartStore } from '../../shared/stores/cart';

/** The free months of Templates PRO that come with the order (spec §9), and the guarantee. */
export function CartNotes({ store }: { store: CartStore }) {
  const { cart } = useStore(store.$cart);
  const months = Math.max(1, ...(cart?.details ?? []).map((d) => freeMonths(d.id, d.options.price_id)));
  return (
    <div className="co__notes">
      <p>
        Includes {months} free {months === 1 ? 'month' : 'months'} of the Templates PRO plan.
      </p>
      <p>
        {moneyBackGuarantee.days}-day money-back guarantee: {moneyBackGuarantee.refundPercent}% refund.
      </p>
    </div>
  );
}
