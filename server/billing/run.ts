import { and, eq, sql } from 'drizzle-orm';
import { subscriptions } from '../db/schema';
import { deliverQueued } from '../mail/queue';
import { chargeSubscription } from './charge';
import { claimDue } from './claim';
import { type BillingDeps, dayMs } from './deps';
import { sendReminders } from './reminders';

/** What one run did, as the billing command prints it. */
export interface BillingSummary {
  asOf: string;
  /** Renewals and instalments paid. */
  charged: number;
  /** Charges refused (declined, no card, or waiting for the customer). */
  failed: number;
  /**
   * Subscriptions that expired: cancelled ones at their period end, failing ones after the last retry,
   * and ones that renew only by link (PayPal) not renewed by their date plus the grace period.
   */
  expired: number;
  /** Charges the gateway did not answer: sent again with the same key once their claim lapses. */
  unanswered: number;
  /** Renewal reminders and expiry notices mailed. */
  reminders: number;
}

const batchSize = 50;

/** Mail queued now is due now; a run that travels ahead (tests, --as-of) sends at its own time. */
const mailClock = (asOf: Date) => new Date(Math.max(asOf.getTime(), Date.now()));

/** A cancelled subscription at its period end: nothing is charged, it ends. */
async function endCancelled(deps: BillingDeps, id: number): Promise<boolean> {
  const ended = await deps.db
    .update(subscriptions)
    .set({ status: 'expired', claimedUntil: null, nextAttemptAt: null })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'cancelled')))
    .returning({ id: subscriptions.id });
  return ended.length > 0;
}

/**
 * The subscriptions no card renews (PayPal: renewed only through the renewal link the expiry notices
 * carry) whose renewal date plus the grace period has passed as of `asOf` without a renewal: they
 * expire. Their licence is not extended: it expired at its date (the renewal link still renews it, from
 * the day paid). A renewal through the link before then moved the renewal date, so it stays active.
 * One statement: of concurrent runs, one expires each row. Returns how many expired.
 */
async function expireUnrenewed(deps: BillingDeps, asOf: Date): Promise<number> {
  const cutoff = new Date(asOf.getTime() - deps.settings.graceDays * dayMs);
  const result = (await deps.db.execute(sql`
    update subscriptions s set status = 'expired', claimed_until = null, next_attempt_at = null
    from payments p
    where p.id = s.payment_id and p.gateway = 'paypalexpress'
      and s.status in ('active', 'failing')
      and s.renewal_at <= ${cutoff.toISOString()}::timestamptz
    returning s.id`)) as unknown as { rows: { id: number }[] };
  return result.rows.length;
}

/**
 * Runs what is due as of `asOf` (the injected clock): claims due subscriptions a batch at a time and
 * charges, retries or ends each. Safe beside other processes running it: a claim goes to one of them.
 * Then the subscriptions that renew by link and were not renewed expire, and the reminders and expiry
 * notices due go out. The mails these queued are sent after each batch. A second run as of the same time finds nothing due.
 */
export async function runBilling(deps: BillingDeps, asOf: Date): Promise<BillingSummary> {
  const summary: BillingSummary = {
    asOf: asOf.toISOString(),
    charged: 0,
    failed: 0,
    expired: 0,
    unanswered: 0,
    reminders: 0,
  };
  for (;;) {
    const ids = await claimDue(deps.db, asOf, batchSize);
    if (ids.length === 0) break;
    for (const id of ids) {
      const [sub] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, id));
      if (!sub) continue;
      if (sub.status === 'cancelled') {
        if (await endCancelled(deps, id)) summary.expired += 1;
        continue;
      }
      const settled = await chargeSubscription(deps, sub, asOf);
      if (!settled) {
        summary.unanswered += 1;
        continue;
      }
      if (settled.kind === 'paid') summary.charged += 1;
      if (settled.kind === 'failed') {
        summary.failed += 1;
        if (!settled.nextAttemptAt) summary.expired += 1;
      }
    }
    await deliverQueued(deps, mailClock(asOf));
  }
  summary.expired += await expireUnrenewed(deps, asOf);
  summary.reminders = await sendReminders(deps, asOf);
  // The batch's receipts and notices, and any a stopped process left queued.
  await deliverQueued(deps, mailClock(asOf));
  return summary;
}
