import { eq, or } from 'drizzle-orm';
import type { Database } from '../db';
import { licences, subscriptions } from '../db/schema';
import { addPeriods } from './periods';

/** How far an instalment plan has got after one more payment. */
export interface InstalmentOutcome {
  timesBilled: number;
  /** The end of the term paid for; null once the last instalment made the licence lifetime. */
  paidThrough: Date | null;
}

/**
 * The rule of an instalment plan (a split payment, `bill_times` > 0): its licence, and a bundle's child
 * licences with it, runs to the date paid through, one period per instalment paid from the plan's start,
 * and becomes lifetime with the last instalment, which completes the plan. The next instalment is due
 * when the paid term ends, so a plan cancelled unfinished leaves the licence ending on that date.
 * Called once per instalment paid: by fulfilment for the first, by the billing engine for the others.
 * The subscription row is locked so two callers never count one instalment twice.
 */
export async function recordInstalment(db: Database, subscriptionId: number): Promise<InstalmentOutcome> {
  const [plan] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
  if (!plan || plan.billTimes === 0) throw new Error(`subscription ${subscriptionId} is no instalment plan`);
  const timesBilled = Math.min(plan.timesBilled + 1, plan.billTimes);
  const last = timesBilled === plan.billTimes;
  const paidThrough = last ? null : addPeriods(plan.createdAt, plan.period, timesBilled);
  await db
    .update(subscriptions)
    .set({
      timesBilled,
      ...(last ? { status: 'completed' as const } : {}),
      ...(paidThrough ? { renewalAt: paidThrough } : {}),
    })
    .where(eq(subscriptions.id, plan.id));
  if (plan.licenceId !== null) {
    await db
      .update(licences)
      .set({ status: 'active', expiresAt: paidThrough })
      .where(or(eq(licences.id, plan.licenceId), eq(licences.parentLicenceId, plan.licenceId)));
  }
  return { timesBilled, paidThrough };
}
