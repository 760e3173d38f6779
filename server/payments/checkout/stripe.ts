import Stripe from 'stripe';
import type { PurchaseSavedCard } from '../../db/schema';
import type { GatewayVerdict, PurchaseGateway } from './gateway';

type Env = Record<string, string | undefined>;

export interface StripeSettings {
  secretKey: string;
  /** `STRIPE_WEBHOOK_SECRET` (`whsec_…`): without it the webhook refuses every event. */
  webhookSecret: string | null;
  /** `STRIPE_API_BASE`: another API host (a local stand-in in tests); Stripe's own by default. */
  apiUrl: string | null;
}

/** Stripe is used for card payments when `STRIPE_SECRET_KEY` is set; the sandbox otherwise. */
export function stripeSettings(env: Env = process.env): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return null;
  return {
    secretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null,
    apiUrl: env.STRIPE_API_BASE?.trim() || null,
  };
}

export function stripeClient(settings: StripeSettings): Stripe {
  if (!settings.apiUrl) return new Stripe(settings.secretKey, { maxNetworkRetries: 2 });
  const api = new URL(settings.apiUrl);
  return new Stripe(settings.secretKey, {
    host: api.hostname,
    port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
  });
}

/** Stripe's session states → ours: paid (or nothing to pay) is paid, an expired session failed. */
export function sessionVerdict(
  session: Pick<Stripe.Checkout.Session, 'payment_status' | 'status'>,
): GatewayVerdict {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
  return session.status === 'expired' ? 'failed' : 'open';
}

/** The card a paid session's PaymentIntent saved on its customer (`setup_future_usage`), or null. */
export function savedCardOf(session: Stripe.Checkout.Session): PurchaseSavedCard | null {
  const customerRef = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  const intent = session.payment_intent;
  if (!customerRef || !intent || typeof intent === 'string' || !intent.setup_future_usage) return null;
  const method = intent.payment_method;
  if (!method || typeof method === 'string' || !method.card) return null;
  return {
    gateway: 'stripe',
    ref: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
    customerRef,
  };
}

/**
 * Card payments through a Stripe Checkout Session (hosted page). The success URL carries Stripe's
 * `{CHECKOUT_SESSION_ID}` template, which Stripe fills in; the session id is our reference, and the
 * payment id travels in the session's metadata for the webhook.
 */
export function stripeGateway(stripe: Stripe): PurchaseGateway {
  return {
    name: 'stripe',
    sandbox: false,
    async start(payment) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer_email: payment.email,
        client_reference_id: String(payment.paymentId),
        metadata: { payment_id: String(payment.paymentId), number: payment.number },
        line_items: payment.lines
          .filter((line) => line.amountCents > 0)
          .map((line) => ({
            quantity: 1,
            price_data: { currency: 'usd', unit_amount: line.amountCents, product_data: { name: line.name } },
          })),
        success_url: `${payment.successUrl}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: payment.cancelUrl,
        // A renewing purchase keeps its card on a customer for the off-session renewal charges.
        ...(payment.renews
          ? { customer_creation: 'always', payment_intent_data: { setup_future_usage: 'off_session' } }
          : {}),
      });
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { url: session.url, reference: session.id };
    },
    async verdict(reference) {
      return sessionVerdict(await stripe.checkout.sessions.retrieve(reference));
    },
    async savedCard(reference) {
      const session = await stripe.checkout.sessions.retrieve(reference, {
        expand: ['payment_intent.payment_method'],
      });
      return savedCardOf(session);
    },
  };
}
