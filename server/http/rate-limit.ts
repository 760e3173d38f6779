import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from './errors';

export interface RateLimitRule {
  /** Names the counter, e.g. `signin:ip:203.0.113.9`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one attempt against each rule and throws 429 (with Retry-After) when any rule is over its
 * limit. The count is a single upsert, so parallel requests from several processes are all counted:
 * there is no read-then-write gap to slip through.
 */
export async function consumeRateLimit(
  db: Database,
  rules: readonly RateLimitRule[],
  now = new Date(),
): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    const windowEnd = new Date(now.getTime() + rule.windowSeconds * 1000);
    const expired = sql`${rateLimits.windowEndsAt} <= ${now.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key: rule.key, count: 1, windowEndsAt: windowEnd })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          windowEndsAt: sql`case when ${expired} then ${windowEnd.toISOString()}::timestamptz else ${rateLimits.windowEndsAt} end`,
        },
      })
      .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
    if (row && row.count > rule.limit) {
      retryAfter = Math.max(retryAfter, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000));
    }
  }
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
}

/** Takes back one counted attempt, e.g. a sign-in that turned out not to be a failure. */
export async function refundRateLimit(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets a counter, e.g. an account's failed sign-ins once the right password is given. */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops finished windows; called now and then so the table holds only live counters. */
export async function pruneRateLimits(db: Database, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, now));
}
