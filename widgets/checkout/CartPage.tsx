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

/**
 * The two-column page (spec §2): the cart on the left, payment on the right. The columns are named
 * groups, not landmarks: a page may hold two checkouts, and landmarks must be unique on a page.
 */
export function CartPage({ store, api }: { store: CartStore; api: ApiClient }) {
  return (
    <div className="co__page">
      <SummaryBar store={store} />
      <div className="co__col" part="cart" role="group" aria-label="Your cart">
        <CartItems store={store} />
        <Upsell store={store} />
        <PromoCode store={store} />
        <Testimonial />
        <CartNotes store={store} />
      </div>
      <div className="co__col" part="payment" role="group" aria-label="Payment">
        <CartSummary store={store} />
        <LazyPaymentForm store={store} api={api} />
        <SecurePayment />
      </div>
    </div>
  );
}
