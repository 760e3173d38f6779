import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { twoFactorGuards } from '../db/schema';
import { HttpError } from '../http/errors';

/** Spec-level rule of the issue: after 5 wrong codes the account's 2FA is locked for 15 minutes. */
export const maxWrongCodes = 5;
export const lockSeconds = 15 * 60;

export const lockedMessage = 'Too many wrong codes, please try again in 15 minutes.';

/** 429 while the account is locked; counted per account so a fresh sign-in does not reset it. */
export async function assertNotLocked(db: Database, userId: number, now = new Date()): Promise<void> {
  const [guard] = await db.select().from(twoFactorGuards).where(eq(twoFactorGuards.userId, userId)).limit(1);
  if (guard?.lockedUntil && guard.lockedUntil > now) {
    const retryAfter = Math.ceil((guard.lockedUntil.getTime() - now.getTime()) / 1000);
    throw new HttpError(
      429,
      'two_factor_locked',
      lockedMessage,
      'two_factor_locked',
      { retry_after: retryAfter },
      {
        'Retry-After': String(retryAfter),
      },
    );
  }
}

/** Counts a wrong code in one upsert (parallel guesses are all counted); the 5th starts the lock. */
export async function recordWrongCode(db: Database, userId: number, now = new Date()): Promise<void> {
  const lockUntil = new Date(now.getTime() + lockSeconds * 1000).toISOString();
  const reachesLimit = sql`${twoFactorGuards.failedAttempts} + 1 >= ${maxWrongCodes}`;
  await db
    .insert(twoFactorGuards)
    .values({ userId, failedAttempts: 1 })
    .onConflictDoUpdate({
      target: twoFactorGuards.userId,
      set: {
        failedAttempts: sql`case when ${reachesLimit} then 0 else ${twoFactorGuards.failedAttempts} + 1 end`,
        lockedUntil: sql`case when ${reachesLimit} then ${lockUntil}::timestamptz else ${twoFactorGuards.lockedUntil} end`,
      },
    });
}

export async function clearWrongCodes(db: Database, userId: number): Promise<void> {
  await db
    .update(twoFactorGuards)
    .set({ failedAttempts: 0, lockedUntil: null })
    .where(eq(twoFactorGuards.userId, userId));
}

/**
 * Records that the TOTP code of `step` was used; false when this or a later step was already used, so
 * a code (even one seen over a shoulder) signs in once only. Atomic: of two parallel uses one wins.
 */
export async function claimTotpStep(db: Database, userId: number, step: number): Promise<boolean> {
  await db.insert(twoFactorGuards).values({ userId }).onConflictDoNothing();
  const claimed = await db
    .update(twoFactorGuards)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(twoFactorGuards.userId, userId),
        or(isNull(twoFactorGuards.totpLastStep), lt(twoFactorGuards.totpLastStep, step)),
      ),
    )
    .returning({ userId: twoFactorGuards.userId });
  return claimed.length > 0;
}

/** A new authenticator starts a new sequence of steps. */
export async function resetTotpSteps(db: Database, userId: number): Promise<void> {
  await db.update(twoFactorGuards).set({ totpLastStep: null }).where(eq(twoFactorGuards.userId, userId));
}
