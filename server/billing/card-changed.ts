import { and, eq } from 'drizzle-orm';
import type { Database } from '../db';
import { subscriptions } from '../db/schema';

/**
 * A new default card: the account's failing subscriptions are due again now rather than at their next
 * scheduled retry, so the card pays as soon as the engine runs. Returns how many were brought forward.
 */
export async function retryFailingNow(db: Database, userId: number, now: Date): Promise<number> {
  const moved = await db
    .update(subscriptions)
    .set({ nextAttemptAt: now })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'failing')))
    .returning({ id: subscriptions.id });
  return moved.length;
}
