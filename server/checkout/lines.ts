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
    return {
      paymentItemId: paymentItemIds[index] ?? 0,
      downloadId: detail.id,
      licencePriceId: splitPlanOf(detail.id, priceId) ? splitPaymentProduct.priceId : priceId,
      kind: detail.options.is_renewal ? 'renewal' : detail.options.is_upgrade ? 'upgrade' : 'new',
      licenceKey: detail.options.license_key ?? null,
      recurring: detail.options.recurring,
      initialCents: cents(detail.subtotal),
      recurringCents: cents(detail.item_price),
    };
  });
}
