import { and, eq } from 'drizzle-orm';
import { billingAttempts, gatewayCustomers, paymentMethods, payments } from '../db/schema';
import type { ChargeResult } from '../payments/cards/gateway';
import type { SubscriptionRow } from '../subscriptions/records';
import type { BillingDeps } from './deps';
import { type Settled, settleAttempt } from './settle';

/** The key of one try at one period: what the gateway dedupes the charge by. */
export const idempotencyKeyOf = (subscriptionId: number, period: number, attempt: number): string =>
  `renewal-${subscriptionId}-${period}-${attempt}`;

/**
 * The attempt for this period and try: made now, or found when a process that made it stopped before
 * settling it (its claim lapsed), so the same key, and the same charge, is sent again.
 */
async function attemptFor(deps: BillingDeps, sub: SubscriptionRow, gateway: string, at: Date) {
  const period = sub.timesBilled + 1;
  const tryNumber = sub.failedAttempts + 1;
  const key = idempotencyKeyOf(sub.id, period, tryNumber);
  await deps.db
    .insert(billingAttempts)
    .values({
      subscriptionId: sub.id,
      period,
      try: tryNumber,
      idempotencyKey: key,
      amountCents: sub.recurringAmountCents,
      gateway,
      createdAt: at,
    })
    .onConflictDoNothing();
  const [attempt] = await deps.db
    .select()
    .from(billingAttempts)
    .where(eq(billingAttempts.idempotencyKey, key));
  if (!attempt) throw new Error(`attempt ${key} vanished`);
  return attempt;
}

/** The account's default card and its customer at the card's gateway, or null without one. */
async function defaultCard(deps: BillingDeps, userId: number) {
  const [card] = await deps.db
    .select({ card: paymentMethods, customerRef: gatewayCustomers.customerRef })
    .from(paymentMethods)
    .leftJoin(
      gatewayCustomers,
      and(
        eq(gatewayCustomers.userId, paymentMethods.userId),
        eq(gatewayCustomers.gateway, paymentMethods.gateway),
      ),
    )
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)))
    .limit(1);
  return card ?? null;
}

/**
 * Charges one claimed subscription's due period to the account's default card, off-session, and
 * settles the answer. No default card, or no gateway for it, is a failure like a decline (the retry
 * mail asks for a card). A gateway that did not answer leaves the attempt pending: once the claim
 * lapses, a run sends the same key again. Returns what settling changed, or null.
 */
export async function chargeSubscription(
  deps: BillingDeps,
  sub: SubscriptionRow,
  at: Date,
): Promise<Settled | null> {
  const found = await defaultCard(deps, sub.userId);
  const gateway = found ? deps.cards.byName.get(found.card.gateway) : undefined;
  const attempt = await attemptFor(deps, sub, found?.card.gateway ?? 'none', at);
  let result: ChargeResult;
  if (!found || !gateway) {
    result = { outcome: 'declined', ref: null, reason: found ? 'card_gateway_unavailable' : 'no_saved_card' };
  } else {
    const [purchase] = await deps.db
      .select({ currency: payments.currency, number: payments.number })
      .from(payments)
      .where(eq(payments.id, sub.paymentId));
    try {
      result = await gateway.chargeOffSession({
        customerRef: found.customerRef,
        cardRef: found.card.gatewayRef,
        amountCents: attempt.amountCents,
        currency: purchase?.currency ?? attempt.currency,
        idempotencyKey: attempt.idempotencyKey,
        description: `Renewal ${attempt.period} of order ${purchase?.number ?? sub.paymentId}`,
        metadata: { attempt_key: attempt.idempotencyKey, subscription_id: String(sub.id) },
      });
    } catch (error) {
      // The claim is left to lapse, so this run does not ask again at once; a later run does.
      deps.logger.warn('billing charge unanswered', {
        subscriptionId: sub.id,
        key: attempt.idempotencyKey,
        error,
      });
      return null;
    }
  }
  return settleAttempt(deps, attempt.id, result, at);
}
