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

/** The two-column page (spec §2): the cart on the left, payment on the right. */
export function CartPage({ store, api }: { store: CartStore; api: ApiClient }) {
  return (
    <div className="co__page">
      <SummaryBar store={store} />
      <section className="co__col" part="cart" aria-label="Your cart">
        <CartItems store={store} />
        <Upsell store={store} />
        <PromoCode store={store} />
        <Testimonial />
        <CartNotes store={store} />
      </section>
      <section className="co__col" part="payment" aria-label="Payment">
        <CartSummary store={store} />
        <LazyPaymentForm store={store} api={api} />
        <SecurePayment />
      </section>
    </div>
  );
}
