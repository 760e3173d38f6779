import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type Stripe from 'stripe';
import { ConfirmationRequestSchema, completedStatus, type PaymentInfo } from '../../shared/schemas/checkout';
import { errorCode } from '../../shared/schemas/error';
import { applyPaymentIntentEvent } from '../billing/stripe-events';
import { PurchaseBodySchema, readBilling } from '../checkout/billing';
import { type CheckoutRow, findCheckout, markFailed } from '../checkout/confirm';
import { fulfilPayment } from '../checkout/fulfil';
import { paymentInfo } from '../checkout/payment-info';
import { recordGatewayCard } from '../checkout/purchase-card';
import { showsBuyerDetails, withoutBuyerDetails } from '../checkout/receipt-access';
import { referralValuesOfPurchase } from '../checkout/referral';
import { startPurchase } from '../checkout/start-purchase';
import { checkouts } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { HttpError, notFound } from '../http/errors';
import { readJson } from '../http/validate';
import { type GatewaySetup, gatewayFor } from '../payments/checkout/select';
import {
  type StripeSettings,
  sessionVerdict,
  stripeClient,
  stripeGateway,
  stripeSettings,
} from '../payments/checkout/stripe';

export interface CheckoutRouteOptions {
  /** Stripe's settings; default: read from the environment (`STRIPE_SECRET_KEY`, …). */
  stripe?: StripeSettings | null;
}

const notConfirmed = () =>
  new HttpError(409, errorCode.paymentConfirmationFailed, 'The payment is not confirmed yet.');

function originOf(c: Context<AppEnv>): string {
  return c.get('deps').publicOrigin() ?? new URL(c.req.url).origin;
}

/** What fulfilment needs from the request's dependencies. */
export function fulfilmentDeps(c: Context<AppEnv>) {
  const { db, mailer, logger } = c.get('deps');
  const origin = originOf(c);
  return { db, mailer, logger, portalOrigin: origin, accountUrl: `${origin}/user/purchase-history` };
}

/**
 * Spec §7 `POST /purchase` and `POST /confirmation`, and Stripe's webhook. A purchase turns the
 * server-side cart into a pending payment and answers the URL the browser goes to; fulfilment happens
 * once, from whichever of the webhook and a confirmation first learns that the gateway was paid.
 */
export function checkoutRoutes(options: CheckoutRouteOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const settings = options.stripe === undefined ? stripeSettings() : options.stripe;
  const stripe: Stripe | null = settings ? stripeClient(settings) : null;
  const setup = (c: Context<AppEnv>): GatewaySetup => ({
    stripe,
    allowSandbox: c.get('deps').config.nodeEnv !== 'production',
  });

  app.post('/purchase', async (c) => {
    const body = await readJson(c, PurchaseBodySchema);
    const billing = readBilling(body);
    const { db, config } = c.get('deps');
    const started = await startPurchase(fulfilmentDeps(c), {
      billing,
      user: c.get('user'),
      cartToken: c.req.header('X-Cart-Token') ?? null,
      clientIp: clientIp(c, config.trustProxy),
      referral: referralValuesOfPurchase(body, c.req.header('Cookie') ?? ''),
      gateway:
        billing.edd_gateway === 'manual' ? null : gatewayFor(setup(c), db, originOf(c), billing.edd_gateway),
    });
    return c.json({ url: started.url, payment_id: started.paymentId });
  });

  /** Asks the gateway about an unfulfilled payment and fulfils it when paid. */
  async function settle(c: Context<AppEnv>, row: CheckoutRow): Promise<void> {
    if (row.fulfilledAt || row.gateway === 'manual' || !row.gatewayRef) return;
    const { db } = c.get('deps');
    const gateway = gatewayFor(
      setup(c),
      db,
      originOf(c),
      row.gateway as 'stripe' | 'paypalexpress',
      row.sandbox,
    );
    if (!gateway) return;
    const verdict = await gateway.verdict(row.gatewayRef);
    if (verdict === 'paid') {
      await recordGatewayCard(db, gateway, row, c.get('deps').logger);
      await fulfilPayment(fulfilmentDeps(c), row.paymentId, row.gatewayRef);
    } else if (verdict === 'failed') await markFailed(db, row.paymentId);
  }

  app.post('/confirmation', async (c) => {
    const request = await readJson(c, ConfirmationRequestSchema);
    const { db, now } = c.get('deps');
    const caller = { user: c.get('user'), cartToken: c.req.header('X-Cart-Token') ?? null };
    const row = await findCheckout(db, request, caller);
    if (!row) throw notFound('No payment found for this confirmation.');
    await settle(c, row);
    const info: PaymentInfo | null = await paymentInfo(db, row.paymentId);
    if (!info || info.status !== completedStatus) throw notConfirmed();
    return c.json((await showsBuyerDetails(db, row, caller, now())) ? info : withoutBuyerDetails(info));
  });

  app.post('/stripe/webhook', async (c) => {
    const secret = settings?.webhookSecret;
    if (!stripe || !secret) throw notFound();
    const signature = c.req.header('Stripe-Signature') ?? '';
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(await c.req.text(), signature, secret);
    } catch {
      throw new HttpError(400, 'invalid_signature', 'The webhook signature is not valid.');
    }
    if (event.type.startsWith('checkout.session.')) {
      const session = event.data.object as Stripe.Checkout.Session;
      const { db } = c.get('deps');
      const [row] = await db.select().from(checkouts).where(eq(checkouts.gatewayRef, session.id));
      if (row && row.gateway === 'stripe' && !row.sandbox) {
        const verdict =
          event.type === 'checkout.session.async_payment_failed' ? 'failed' : sessionVerdict(session);
        if (verdict === 'paid') {
          await recordGatewayCard(db, stripeGateway(stripe), row, c.get('deps').logger);
          await fulfilPayment(fulfilmentDeps(c), row.paymentId, session.id);
        } else if (verdict === 'failed') await markFailed(db, row.paymentId);
      }
    }
    if (event.type.startsWith('payment_intent.')) {
      // A renewal charge's outcome (the customer completed 3-D Secure, or a late answer).
      const { db, mailer, logger, config } = c.get('deps');
      const origin = originOf(c);
      await applyPaymentIntentEvent(
        { db, mailer, logger, settings: config.billing, origin },
        event,
        new Date(),
      );
    }
    return c.json({ received: true });
  });

  return app;
}
