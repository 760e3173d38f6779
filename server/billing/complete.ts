import { and, eq } from 'drizzle-orm';
import { formatDate } from '../../shared/format/dates';
import { formatMoney } from '../../shared/format/money';
import { billingAttempts, products, subscriptions } from '../db/schema';
import { deliverQueued } from '../mail/queue';
import { CardGatewayError, type CompletionResult } from '../payments/cards/gateway';
import type { BillingDeps } from './deps';
import { completionPageUrl } from './mails';
import { settleAttempt } from './settle';

/*
 * Issue 27: a renewal charge the bank wants the customer for (3-D Secure). The failure mail links to
 * the completion page of that one charge (`completionPageUrl`, by the attempt's random single-use
 * reference); there the signed-in owner confirms it, and it settles exactly like a paid renewal.
 */

/** What the page says; the same words whichever way the outcome came. */
export const completionTexts = {
  notFound: 'No such payment.',
  alreadyPaid: 'This payment is already complete: nothing more was charged.',
  periodPaid: 'This renewal is already paid: nothing was charged.',
  ended:
    'This subscription has ended: this payment can no longer be completed. Renew the licence from your account.',
  declined:
    'Your bank did not accept the payment. Update your default card in your profile: we will try it again.',
  waiting: 'Your bank still asks you to confirm this payment. Please try again.',
  unanswered: 'The payment gateway did not answer, please try again.',
  redirect: 'Continue at your bank to confirm the payment.',
  paid: (product: string, renewalAt: Date) =>
    `Payment complete: your ${product} subscription is renewed until ${formatDate(renewalAt.toISOString())}.`,
} as const;

/** The charge the page shows its owner: what it pays for, and whether it can still be completed. */
export interface RenewalPaymentView {
  product: string;
  amount: string;
  state: 'waiting' | 'paid' | 'closed';
  message: string | null;
}

export type Completion =
  | { kind: 'not_found' }
  | { kind: 'already_paid' | 'period_paid' | 'ended' | 'declined' | 'waiting' | 'unanswered' }
  | { kind: 'redirect'; url: string }
  | { kind: 'paid'; product: string; renewalAt: Date };

/** The attempt behind a completion reference, when `userId` owns its subscription. */
async function ownedAttempt(deps: Pick<BillingDeps, 'db'>, userId: number, ref: string) {
  if (!ref) return null;
  const [row] = await deps.db
    .select({ attempt: billingAttempts, sub: subscriptions, product: products.name })
    .from(billingAttempts)
    .innerJoin(subscriptions, eq(subscriptions.id, billingAttempts.subscriptionId))
    .innerJoin(products, eq(products.downloadId, subscriptions.downloadId))
    .where(and(eq(billingAttempts.completionRef, ref), eq(subscriptions.userId, userId)));
  return row ?? null;
}

type Owned = NonNullable<Awaited<ReturnType<typeof ownedAttempt>>>;

/** Why a charge can no longer be completed, or null when it can. */
function closedReason({ attempt, sub }: Owned): Completion | null {
  if (attempt.status === 'succeeded') return { kind: 'already_paid' };
  if (attempt.status !== 'requires_action') return { kind: 'ended' };
  // Another charge (a retry, a renewal through the link) paid this period meanwhile.
  if (sub.timesBilled >= attempt.period) return { kind: 'period_paid' };
  if (sub.status === 'expired' || sub.status === 'completed') return { kind: 'ended' };
  return null;
}

const closedMessage = (closed: Completion): string =>
  closed.kind === 'already_paid'
    ? completionTexts.alreadyPaid
    : closed.kind === 'period_paid'
      ? completionTexts.periodPaid
      : completionTexts.ended;

/** The page's view of one charge for the signed-in `userId`; null for anyone else's, or none. */
export async function renewalPaymentFor(
  deps: Pick<BillingDeps, 'db'>,
  userId: number,
  ref: string,
): Promise<RenewalPaymentView | null> {
  const owned = await ownedAttempt(deps, userId, ref);
  if (!owned) return null;
  const closed = closedReason(owned);
  return {
    product: owned.product,
    amount: formatMoney(owned.attempt.amountCents / 100),
    state: closed ? (closed.kind === 'already_paid' ? 'paid' : 'closed') : 'waiting',
    message: closed ? closedMessage(closed) : null,
  };
}

/**
 * The owner confirms the charge: the gateway completes the payment it waited for (the sandbox at once;
 * Stripe by confirming the PaymentIntent, or through the bank's page), and a paid one is settled by the
 * same once-only `settleAttempt` as the engine's charges and Stripe's webhook: the renewal order, the
 * licence extended, times billed + 1, the next date and the receipt queued, in one transaction. Anyone
 * else's reference, a second confirmation, or a period already paid changes nothing.
 */
export async function completeRenewalPayment(
  deps: BillingDeps,
  userId: number,
  ref: string,
  at: Date,
): Promise<Completion> {
  const owned = await ownedAttempt(deps, userId, ref);
  if (!owned) return { kind: 'not_found' };
  const closed = closedReason(owned);
  if (closed) return closed;
  const { attempt, product } = owned;
  const gateway = deps.cards.byName.get(attempt.gateway);
  if (!gateway || !attempt.gatewayRef) return { kind: 'unanswered' };
  let result: CompletionResult;
  try {
    result = await gateway.completePayment({
      ref: attempt.gatewayRef,
      returnUrl: completionPageUrl(deps.origin, ref),
    });
  } catch (error) {
    if (!(error instanceof CardGatewayError)) throw error;
    deps.logger.warn('renewal completion unanswered', { attemptId: attempt.id, error });
    // A confirmation racing this one may have paid it.
    const again = await ownedAttempt(deps, userId, ref);
    return (again && closedReason(again)) || { kind: 'unanswered' };
  }
  if (result.outcome === 'redirect') return { kind: 'redirect', url: result.url };
  if (result.outcome === 'requires_action') return { kind: 'waiting' };
  if (result.outcome === 'declined') {
    deps.logger.warn('renewal completion declined', { attemptId: attempt.id, reason: result.reason });
    return { kind: 'declined' };
  }
  const settled = await settleAttempt(deps, attempt.id, result, at);
  // The receipt it queued goes now; were this process to stop first, the next billing run sends it.
  if (settled) await deliverQueued(deps);
  if (settled?.kind === 'paid') {
    const [sub] = await deps.db
      .select({ renewalAt: subscriptions.renewalAt })
      .from(subscriptions)
      .where(eq(subscriptions.id, settled.subscriptionId));
    return { kind: 'paid', product, renewalAt: sub?.renewalAt ?? at };
  }
  // Settled first by another caller (a second confirmation, Stripe's webhook), or a period paid twice.
  return settled?.kind === 'paid_twice' ? { kind: 'period_paid' } : { kind: 'already_paid' };
}

/** The page's words for a completion's outcome. */
export function completionMessage(completion: Completion): string {
  switch (completion.kind) {
    case 'paid':
      return completionTexts.paid(completion.product, completion.renewalAt);
    case 'not_found':
      return completionTexts.notFound;
    case 'already_paid':
      return completionTexts.alreadyPaid;
    case 'period_paid':
      return completionTexts.periodPaid;
    case 'ended':
      return completionTexts.ended;
    case 'declined':
      return completionTexts.declined;
    case 'waiting':
      return completionTexts.waiting;
    case 'unanswered':
      return completionTexts.unanswered;
    case 'redirect':
      return completionTexts.redirect;
  }
}
