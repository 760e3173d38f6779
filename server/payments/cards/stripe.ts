import Stripe from 'stripe';
import {
  type CardGateway,
  CardGatewayError,
  type ChargeResult,
  type CompletionResult,
  type OffSessionCharge,
  type SavedCardDetails,
} from './gateway';

export interface StripeCardOptions {
  secretKey: string;
  /** Another API address (stripe-mock, a test stand-in): `http://127.0.0.1:12111`. Default: Stripe's. */
  apiBase?: string | null;
}

function clientOptions(apiBase: string | null | undefined): ConstructorParameters<typeof Stripe>[1] {
  const base = { maxNetworkRetries: 1, timeout: 20_000, telemetry: false };
  if (!apiBase) return base;
  const url = new URL(apiBase);
  return {
    ...base,
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

/** Stripe's own message (it names what is wrong, never a secret); anything else is not shown. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new CardGatewayError(error.message);
    throw error;
  }
}

function detailsOf(method: Stripe.PaymentMethod | string | null | undefined): SavedCardDetails | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  return {
    ref: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

/**
 * Cards at Stripe: a customer per account, a setup-mode Checkout Session (Stripe's hosted card page)
 * to add one, its SetupIntent's payment method read back on return, the customer's default payment
 * method for set-default, and detach for remove.
 */
export function stripeCardGateway({ secretKey, apiBase }: StripeCardOptions): CardGateway {
  const stripe = new Stripe(secretKey, clientOptions(apiBase));
  return {
    name: 'stripe',

    createCustomer: (user) =>
      guarded(async () => {
        const customer = await stripe.customers.create(
          { email: user.email, name: user.name || undefined, metadata: { user_id: String(user.id) } },
          // One customer per account even if two first cards are added at once.
          { idempotencyKey: `customer-${user.id}` },
        );
        return customer.id;
      }),

    beginSetup: ({ customerRef, urls }) =>
      guarded(async () => {
        if (!customerRef) throw new CardGatewayError('No Stripe customer for this account.');
        const session = await stripe.checkout.sessions.create({
          mode: 'setup',
          customer: customerRef,
          currency: 'usd',
          allowed_payment_method_types: ['card'],
          success_url: urls.success,
          cancel_url: urls.cancel,
        });
        if (!session.url) throw new CardGatewayError('Stripe gave no page to add the card.');
        return { url: session.url, sessionRef: session.id };
      }),

    finishSetup: (sessionRef) =>
      guarded(async () => {
        const session = await stripe.checkout.sessions.retrieve(sessionRef, {
          expand: ['setup_intent.payment_method'],
        });
        const intent = session.setup_intent;
        if (session.status !== 'complete' || !intent || typeof intent === 'string') return null;
        if (intent.status !== 'succeeded') return null;
        return detailsOf(intent.payment_method);
      }),

    makeDefault: (customerRef, cardRef) =>
      guarded(async () => {
        if (!customerRef) return;
        await stripe.customers.update(customerRef, { invoice_settings: { default_payment_method: cardRef } });
      }),

    detach: (cardRef) =>
      guarded(async () => {
        await stripe.paymentMethods.detach(cardRef);
      }),

    chargeOffSession: (charge) => chargeOffSession(stripe, charge),

    completePayment: (input) => completePayment(stripe, input),
  };
}

/**
 * The customer completes a PaymentIntent that needed them: an intent already paid (they completed the
 * bank's step, and came back) answers paid; one still waiting is confirmed on-session with the page as
 * its `return_url`: paid at once, or Stripe's `redirect_to_url` to the bank's page.
 */
async function completePayment(
  stripe: Stripe,
  { ref, returnUrl }: { ref: string; returnUrl: string },
): Promise<CompletionResult> {
  try {
    let intent = await stripe.paymentIntents.retrieve(ref);
    if (intent.status !== 'succeeded' && intent.status !== 'processing') {
      intent = await stripe.paymentIntents.confirm(ref, { return_url: returnUrl });
    }
    if (intent.status === 'succeeded') return { outcome: 'succeeded', ref: intent.id };
    const redirect = intent.next_action?.redirect_to_url?.url;
    if (intent.status === 'requires_action' && redirect) {
      return { outcome: 'redirect', ref: intent.id, url: redirect };
    }
    if (intent.status === 'requires_action' || intent.status === 'processing') {
      return { outcome: 'requires_action', ref: intent.id, reason: 'authentication_required' };
    }
    const error = intent.last_payment_error;
    return {
      outcome: 'declined',
      ref: intent.id,
      reason: error?.decline_code ?? error?.code ?? intent.status,
    };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      return {
        outcome: 'declined',
        ref: error.payment_intent?.id ?? ref,
        reason: error.decline_code ?? error.code ?? 'card_declined',
      };
    }
    if (error instanceof Stripe.errors.StripeError) throw new CardGatewayError(error.message);
    throw error;
  }
}

/**
 * A PaymentIntent confirmed at once without the customer (`off_session`), with the charge's idempotency
 * key: sent twice (a retry after a timeout, a second process), Stripe answers the first intent again.
 * A refusal is a card error carrying the intent: `authentication_required` needs the customer, any
 * other code is a decline.
 */
async function chargeOffSession(stripe: Stripe, charge: OffSessionCharge): Promise<ChargeResult> {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: charge.amountCents,
        currency: charge.currency.toLowerCase(),
        customer: charge.customerRef ?? undefined,
        payment_method: charge.cardRef,
        off_session: true,
        confirm: true,
        description: charge.description,
        metadata: charge.metadata,
      },
      { idempotencyKey: charge.idempotencyKey },
    );
    if (intent.status === 'succeeded') return { outcome: 'succeeded', ref: intent.id };
    if (intent.status === 'requires_action') {
      return { outcome: 'requires_action', ref: intent.id, reason: 'authentication_required' };
    }
    return { outcome: 'declined', ref: intent.id, reason: intent.status };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      const ref = error.payment_intent?.id ?? null;
      if (error.code === 'authentication_required') {
        return { outcome: 'requires_action', ref, reason: 'authentication_required' };
      }
      return { outcome: 'declined', ref, reason: error.decline_code ?? error.code ?? 'card_declined' };
    }
    if (error instanceof Stripe.errors.StripeError) throw new CardGatewayError(error.message);
    throw error;
  }
}
