import { splitPaymentProduct } from '../../shared/catalogue';
import type { Cart } from '../../shared/schemas/cart';
import { splitPlanOf } from '../cart/pricing';
import type { CheckoutLine } from '../db/schema';

const cents = (dollars: number): number => Math.round(dollars * 100);

/**
 * The priced cart's lines as fulfilment needs them. A split plan buys the agency lifetime tier, paid
 * in monthly instalments; everything else licenses the tier it names.
 */
export function checkoutLines(cart: Cart, paymentItemIds: readonly number[]): CheckoutLine[] {
  return cart.details.map((detail, index) => {
    const priceId = detail.options.price_id;
    const plan = splitPlanOf(detail.id, priceId);
    return {
      paymentItemId: paymentItemIds[index] ?? 0,
      downloadId: detail.id,
      licencePriceId: plan ? splitPaymentProduct.priceId : priceId,
      kind: detail.options.is_renewal ? 'renewal' : detail.options.is_upgrade ? 'upgrade' : 'new',
      licenceKey: detail.options.license_key ?? null,
      recurring: detail.options.recurring,
      initialCents: cents(detail.subtotal),
      // Each later payment is one instalment of a plan, else the tier's price (an upgrade's first
      // payment was prorated, its renewals are not).
      recurringCents: cents(plan ? detail.item_price : detail.price),
    };
  });
}
