import { randomBytes } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { BillingConfig } from '../config';
import type { Database } from '../db';
import { billingAttempts, licences, subscriptions } from '../db/schema';
import type { Logger } from '../logger';
import type { ChargeResult } from '../payments/cards/gateway';
import { recordInstalment } from '../subscriptions/instalments';
import { addPeriods } from '../subscriptions/periods';
import { dayMs } from './deps';
import { queueSettledMail } from './mails';
import { createRenewalOrder } from './renewal-order';

/** What settling a charge changed, for the mails sent after the commit. */
export type Settled =
  | { kind: 'paid'; subscriptionId: number; paymentId: number }
  | {
      kind: 'failed';
      subscriptionId: number;
      attemptId: number;
      needsCustomer: boolean;
      /** A charge waiting for the customer: the reference of its completion page (`completionPageUrl`). */
      completionRef: string | null;
      /** The next try; null when that was the last and the subscription expired. */
      nextAttemptAt: Date | null;
    }
  /** A late success for a period another charge already paid: support refunds it. */
  | { kind: 'paid_twice'; subscriptionId: number; attemptId: number };

/** What settling needs: the database, the retry schedule, the portal's origin (mail links), the log. */
export interface SettleDeps {
  db: Database;
  settings: BillingConfig;
  origin: string;
  logger: Logger;
}

const family = (licenceId: number) => or(eq(licences.id, licenceId), eq(licences.parentLicenceId, licenceId));

/**
 * Applies a gateway's answer to a charge once, in one transaction, whoever brings it (the engine that
 * made the charge, a webhook, a replay): the attempt row is locked and only a pending one (or one
 * waiting for the customer, which may still succeed) is settled; any later caller finds it done.
 *
 * Paid: a renewal order, the licence (and a bundle's children) extended a period from the date paid
 * for, `times_billed` + 1 and the next renewal date (an instalment plan: `recordInstalment`, which
 * completes it at the last). Refused: the next retry on the schedule, the licence kept working to the
 * renewal date plus the grace period; after the last retry the subscription expires. The receipt or the
 * failure mail is queued in the same transaction, so it is sent even if this process stops right after.
 */
export async function settleAttempt(
  deps: SettleDeps,
  attemptId: number,
  result: ChargeResult,
  at: Date,
): Promise<Settled | null> {
  const settled = await deps.db.transaction(async (tx) => {
    const applied = await applyResult(tx, deps.settings, attemptId, result, at);
    // The receipt or the failure mail commits with the change it reports (server/mail/queue.ts).
    if (applied) await queueSettledMail(tx, deps.origin, applied);
    return applied;
  });
  if (settled?.kind === 'paid_twice') {
    deps.logger.error('renewal paid twice: refund the later charge', { ...settled });
  }
  return settled;
}

async function applyResult(
  tx: Database,
  settings: BillingConfig,
  attemptId: number,
  result: ChargeResult,
  at: Date,
): Promise<Settled | null> {
  const [attempt] = await tx
    .select()
    .from(billingAttempts)
    .where(eq(billingAttempts.id, attemptId))
    .for('update');
  if (!attempt) return null;
  const open =
    attempt.status === 'pending' || (attempt.status === 'requires_action' && result.outcome === 'succeeded');
  if (!open) return null;
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, attempt.subscriptionId))
    .for('update');
  if (!sub) return null;
  const settled = { gatewayRef: result.ref ?? attempt.gatewayRef, settledAt: at };

  if (result.outcome === 'succeeded') {
    if (sub.timesBilled >= attempt.period) {
      await tx
        .update(billingAttempts)
        .set({ ...settled, status: 'succeeded', declineReason: 'period_already_paid' })
        .where(eq(billingAttempts.id, attempt.id));
      return { kind: 'paid_twice', subscriptionId: sub.id, attemptId: attempt.id };
    }
    const paymentId = await createRenewalOrder(tx, sub, { ...attempt, ref: settled.gatewayRef ?? '' }, at);
    let completed = false;
    if (sub.billTimes > 0) {
      const outcome = await recordInstalment(tx, sub.id);
      completed = outcome.paidThrough === null;
    } else {
      const next = addPeriods(sub.renewalAt, sub.period) ?? sub.renewalAt;
      if (sub.licenceId !== null) {
        await tx.update(licences).set({ status: 'active', expiresAt: next }).where(family(sub.licenceId));
      }
      await tx
        .update(subscriptions)
        .set({ renewalAt: next, timesBilled: sql`${subscriptions.timesBilled} + 1` })
        .where(eq(subscriptions.id, sub.id));
    }
    await tx
      .update(subscriptions)
      .set({
        // A cancellation made while the charge was out stands: it ends at the new period's end.
        status: completed ? 'completed' : sub.status === 'cancelled' ? 'cancelled' : 'active',
        failedAttempts: 0,
        nextAttemptAt: null,
        claimedUntil: null,
      })
      .where(eq(subscriptions.id, sub.id));
    await tx
      .update(billingAttempts)
      .set({ ...settled, status: 'succeeded', paymentId })
      .where(eq(billingAttempts.id, attempt.id));
    return { kind: 'paid', subscriptionId: sub.id, paymentId };
  }

  const needsCustomer = result.outcome === 'requires_action';
  // Unguessable, and single-use by the attempt's status: the page completes a waiting charge once.
  const completionRef = needsCustomer ? randomBytes(24).toString('base64url') : null;
  await tx
    .update(billingAttempts)
    .set({
      ...settled,
      status: needsCustomer ? 'requires_action' : 'failed',
      declineReason: result.reason,
      completionRef,
    })
    .where(eq(billingAttempts.id, attempt.id));
  const failures = sub.failedAttempts + 1;
  const retryDay = settings.retryDays[failures - 1];
  const nextAttemptAt = retryDay === undefined ? null : new Date(sub.renewalAt.getTime() + retryDay * dayMs);
  await tx
    .update(subscriptions)
    .set({
      status: nextAttemptAt ? 'failing' : 'expired',
      failedAttempts: failures,
      nextAttemptAt,
      claimedUntil: null,
    })
    .where(eq(subscriptions.id, sub.id));
  if (sub.licenceId !== null) {
    // The licence keeps working while the retries run, and no longer than the grace period.
    const graceEnd = new Date(sub.renewalAt.getTime() + settings.graceDays * dayMs);
    await tx
      .update(licences)
      .set({ expiresAt: graceEnd })
      .where(
        sql`(${family(sub.licenceId)}) and ${licences.expiresAt} < ${graceEnd.toISOString()}::timestamptz`,
      );
  }
  return {
    kind: 'failed',
    subscriptionId: sub.id,
    attemptId: attempt.id,
    needsCustomer,
    completionRef,
    nextAttemptAt,
  };
}
