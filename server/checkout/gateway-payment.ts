import { and, eq, isNull } from 'drizzle-orm';
import { checkoutFailures } from '../../shared/api/messages';
import type { Database } from '../db';
import { checkouts } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import type { PurchaseGateway } from '../payments/checkout/gateway';
import { purchaseReturnUrls } from '../payments/checkout/return-urls';
import { markFailed } from './confirm';
import { createPendingPayment, type PendingPaymentInput } from './purchase';

/** What the buyer's browser is sent to, for the payment just made. */
export interface StartedPurchase {
  url: string;
  paymentId: number;
}

const gatewayError = () => new HttpError(502, 'gateway_error', checkoutFailures.checkoutFailed);

/**
 * A purchase paid through a gateway (Stripe, PayPal, the sandbox). The gateway is asked over HTTP, and
 * no transaction is held open across that call (it would keep the coupon's row lock and a connection,
 * on PGlite the only one, for as long as the gateway takes). So it is two transactions around the call:
 *
 * 1. the pending payment, its items, its checkout row and its coupon use, committed before any gateway
 *    is asked to charge (a refusal here, such as a used-up coupon, stores and charges nothing);
 * 2. the gateway opens its payment page;
 * 3. the gateway's reference recorded on the checkout row (one statement), which is what makes the
 *    payment payable: the page's URL goes to the buyer only after it, and the webhook and
 *    `/confirmation` find the payment by it.
 *
 * When 2 or 3 fails, the payment is marked failed and its coupon use given back (one transaction), and
 * the buyer gets 502 'Failed to process checkout' with the cart untouched, so trying again is a new
 * payment. A page the gateway may have opened anyway is never shown to anyone, and no licence comes
 * before a paid verdict. Should even that write fail, the payment stays pending without a reference:
 * nothing can pay it, and the cart's next payment gives its coupon use back (`reserveCouponUse`).
 */
export async function startGatewayPayment(
  deps: { db: Database; logger: Logger },
  gateway: PurchaseGateway,
  input: PendingPaymentInput,
  origin: string,
): Promise<StartedPurchase> {
  const { db, logger } = deps;
  // The purchase key proves a free order only: the gateway never sees it.
  const { purchaseKey: _purchaseKey, ...payment } = await createPendingPayment(db, input);
  const back = purchaseReturnUrls(origin);
  try {
    const started = await gateway.start({
      ...payment,
      lines: input.cart.details.map((d) => ({
        name: `${d.name} - ${d.price_name}`,
        amountCents: Math.round(d.subtotal * 100),
      })),
      successUrl: back.success,
      cancelUrl: back.cancel,
      renews: input.cart.details.some((d) => d.options.recurring !== null),
    });
    await db
      .update(checkouts)
      .set({ gatewayRef: started.reference })
      .where(and(eq(checkouts.paymentId, payment.paymentId), isNull(checkouts.gatewayRef)));
    return { url: started.url, paymentId: payment.paymentId };
  } catch (error) {
    logger.error('payment gateway refused to start', { paymentId: payment.paymentId, error });
    await markFailed(db, payment.paymentId).catch((markError: unknown) =>
      logger.error('failed payment not marked', { paymentId: payment.paymentId, error: markError }),
    );
    throw gatewayError();
  }
}
