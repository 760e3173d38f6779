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
 * The two-column page (spec §2): the cart on the left, payment on the right. The columns are not
 * landmarks: a page may hold two checkouts, and a page's landmarks must have unique names.
 */
export function CartPage({ store, api }: { store: CartStore; api: ApiClient }) {
  return (
    <div className="co__page">
      <SummaryBar store={store} />
      <div className="co__col" part="cart">
        <CartItems store={store} />
        <Upsell store={store} />
        <PromoCode store={store} />
        <Testimonial />
        <CartNotes store={store} />
      </div>
      <div className="co__col" part="payment">
        <CartSummary store={store} />
        <LazyPaymentForm store={store} api={api} />
        <SecurePayment />
      </div>
    </div>
  );
}
