import { type CSSProperties, useState } from 'react';
import type { ApiClient } from '../../shared/api/client';
import type { CartStore } from '../../shared/stores/cart';
import { CartItems } from './CartItems';
import { CartNotes } from './CartNotes';
import { CartSummary } from './CartSummary';
import { LazyPaymentForm } from './LazyPaymentForm';
import { PromoCode } from './PromoCode';
import { SecurePayment } from './SecurePayment';
import { SummaryBar } from './SummaryBar';
import { Testimonial } from './Testimonial';
import { Upsell } from './Upsell';
import { useBlockSize } from './use-block-size';

/**
 * The two-column page (spec §2): the cart on the left, payment on the right. The columns are not
 * landmarks: a page may hold two checkouts, and a page's landmarks must have unique names. The summary
 * card's height goes to CSS (--co-summary-height): a field focused under the sticky card stops below it.
 */
export function CartPage({ store, api }: { store: CartStore; api: ApiClient }) {
  const [summary, setSummary] = useState<HTMLDivElement | null>(null);
  const summaryHeight = useBlockSize(summary);
  const style = summaryHeight
    ? ({ '--co-summary-height': `${summaryHeight}px` } as CSSProperties)
    : undefined;
  return (
    <div className="co__page" style={style}>
      <SummaryBar store={store} />
      <div className="co__col" part="cart">
        <CartItems store={store} />
        <Upsell store={store} />
        <PromoCode store={store} />
        <Testimonial />
        <CartNotes store={store} />
      </div>
      <div className="co__col" part="payment">
        <CartSummary store={store} cardRef={setSummary} />
        <LazyPaymentForm store={store} api={api} />
        <SecurePayment />
      </div>
    </div>
  );
}
