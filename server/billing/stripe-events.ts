import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { BillingConfig } from '../config';
import { billingAttempts } from '../db/schema';
import { deliverQueued } from '../mail/queue';
import type { ChargeResult } from '../payments/cards/gateway';
import type { BillingDeps } from './deps';
import { type Settled, settleAttempt } from './settle';

/** What a PaymentIntent event says about the charge. */
function resultOf(event: Stripe.Event, intent: Stripe.PaymentIntent): ChargeResult {
  if (event.type === 'payment_intent.succeeded') return { outcome: 'succeeded', ref: intent.id };
  const error = intent.last_payment_error;
  if (error?.code === 'authentication_required') {
    return { outcome: 'requires_action', ref: intent.id, reason: 'authentication_required' };
  }
  return {
    outcome: 'declined',
    ref: intent.id,
    reason: error?.decline_code ?? error?.code ?? 'card_declined',
  };
}

/**
 * Stripe's `payment_intent.succeeded` and `payment_intent.payment_failed` for a renewal charge (its
 * metadata names the attempt): settled like the engine's own answer, through the same once-only
 * `settleAttempt`, so a webhook, its replays and the engine never apply one charge twice. A customer
 * completing 3-D Secure arrives this way. Other intents (purchases through Checkout) are not ours here.
 */
export async function applyPaymentIntentEvent(
  deps: Omit<BillingDeps, 'cards' | 'settings'> & { settings: BillingConfig },
  event: Stripe.Event,
  now: Date,
): Promise<Settled | null> {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed')
    return null;
  const intent = event.data.object as Stripe.PaymentIntent;
  const key = intent.metadata?.attempt_key;
  if (!key) return null;
  const [attempt] = await deps.db
    .select({ id: billingAttempts.id })
    .from(billingAttempts)
    .where(eq(billingAttempts.idempotencyKey, key));
  if (!attempt) return null;
  const settled = await settleAttempt(deps, attempt.id, resultOf(event, intent), now);
  // The mail it queued goes now; were this process to stop first, the next billing run sends it.
  if (settled) await deliverQueued(deps);
  return settled;
}
