import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isAddressRequired } from '../../shared/catalogue/checkout';
import type { Cart } from '../../shared/schemas/cart';
import { checkoutMessages } from '../../shared/schemas/messages';
import type { UserRow } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import type { Database } from '../db';
import { type CheckoutBuyer, checkouts, paymentItems, payments } from '../db/schema';
import { HttpError, validationError } from '../http/errors';
import type { Billing } from './billing';
import { reserveCouponUse } from './coupon-uses';
import { checkoutLines } from './lines';

const cents = (dollars: number): number => Math.round(dollars * 100);

/** Order numbers follow the demo's 1001… range with room to spare. */
export const orderNumberOffset = 10000;

export interface PendingPayment {
  paymentId: number;
  number: string;
  email: string;
  totalCents: number;
  /** The payment's secret reference (payments.purchase_key): a free order's success URL carries it. */
  purchaseKey: string;
}

/**
 * Which gateway may take this cart (spec §4): 'manual' is for a total of 0 only, and a total of 0 has
 * nothing for a card or PayPal to charge.
 */
export function checkGateway(billing: Billing, cart: Cart): void {
  const free = cents(cart.total) === 0;
  if (free !== (billing.edd_gateway === 'manual')) {
    throw validationError({ edd_gateway: checkoutMessages.gatewayRequired });
  }
}

function buyerOf(billing: Billing, user: UserRow | null): CheckoutBuyer {
  return {
    firstName: billing.edd_first,
    lastName: billing.edd_last,
    // A signed-in buyer pays as themselves: the form locks the field, the server does not trust it.
    email: user ? user.email : billing.edd_email,
    needNewUser: user === null,
    newsletter: billing.mailchimp,
    acquisition: billing.edd_acquisition_method,
    address: isAddressRequired(billing.edd_gateway)
      ? {
          line1: billing.card_address,
          line2: billing.card_address_2,
          city: billing.card_city,
          zip: billing.card_zip,
          country: billing.billing_country,
          state: billing.card_state,
        }
      : null,
  };
}

export interface PendingPaymentInput {
  billing: Billing;
  user: UserRow | null;
  cart: Cart;
  cartId: number;
  guestToken: string | null;
  sandbox: boolean;
  /** The cart's coupon (`couponOfPurchase`): a use of it is taken with the payment. */
  coupon: string | null;
  /** The recorded referral visit the purchase arrived with (`referralVisitOf`). */
  referralVisitId: number | null;
}

/**
 * A pending payment for the server-side cart, with its items and the checkout row fulfilment reads:
 * prices come from the cart as the server priced it, never from the request. A use of its coupon is
 * taken in the same transaction, before any gateway charges (a coupon used up is refused here).
 */
export function createPendingPayment(db: Database, input: PendingPaymentInput): Promise<PendingPayment> {
  return db.transaction((tx) => pendingPaymentWithin(tx, input));
}

/** createPendingPayment's writes inside the caller's transaction (a free order fulfils in the same one). */
export async function pendingPaymentWithin(
  tx: Database,
  input: PendingPaymentInput,
): Promise<PendingPayment> {
  const { billing, user, cart } = input;
  if (cart.details.length === 0) throw new HttpError(400, 'empty_cart', 'Your cart is empty.');
  checkGateway(billing, cart);
  const buyer = buyerOf(billing, user);
  const purchaseKey = randomBytes(16).toString('hex');
  const [payment] = await tx
    .insert(payments)
    .values({
      // Replaced by the id-based number below; unique in the meantime.
      number: `pending-${randomBytes(9).toString('base64url')}`,
      userId: user?.id ?? null,
      email: buyer.email,
      status: 'pending',
      gateway: billing.edd_gateway,
      purchaseKey,
      subtotalCents: cents(cart.subtotal),
      discountCents: cents(cart.discounted_amount),
      totalCents: cents(cart.total),
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('payment insert returned no row');
  const number = String(orderNumberOffset + payment.id);
  await tx.update(payments).set({ number }).where(eq(payments.id, payment.id));
  const items = await tx
    .insert(paymentItems)
    .values(
      cart.details.map((d) => ({
        paymentId: payment.id,
        downloadId: d.id,
        priceId: d.options.price_id,
        name: d.name,
        priceName: d.price_name,
        amountCents: cents(d.item_price),
        discountCents: cents(d.discount),
      })),
    )
    .returning({ id: paymentItems.id });
  await tx.insert(checkouts).values({
    paymentId: payment.id,
    gateway: billing.edd_gateway,
    sandbox: input.sandbox,
    buyerTokenHash: input.guestToken ? hashToken(input.guestToken) : null,
    lines: checkoutLines(
      cart,
      items.map((i) => i.id),
    ),
    buyer,
    referralVisitId: input.referralVisitId,
    cartId: input.cartId,
  });
  if (input.coupon) {
    await reserveCouponUse(tx, {
      code: input.coupon,
      paymentId: payment.id,
      cartId: input.cartId,
      userId: user?.id ?? null,
      email: buyer.email,
    });
  }
  return { paymentId: payment.id, number, email: buyer.email, totalCents: cents(cart.total), purchaseKey };
}
