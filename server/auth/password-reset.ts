import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { passwordResets, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { hashPassword } from './passwords';
import { revokeUserSessions, type UserRow } from './sessions';
import { hashToken, newToken } from './tokens';

/** A reset link works once, for an hour. */
export const resetKeyTtlSeconds = 60 * 60;

/** A new account's link to choose its first password works once, for 72 hours. */
export const newAccountKeyTtlSeconds = 72 * 60 * 60;

/** The portal route of spec §2 that reads `key` and `user`. */
export function resetLink(origin: string, key: string, user: Pick<UserRow, 'username'>): string {
  const query = new URLSearchParams({ key, user: user.username });
  return `${origin}/auth/reset-password?${query}`;
}

/**
 * A new single-use key to set the account's password, valid `ttlSeconds`; only its SHA-256 is stored,
 * and the account's older unused keys stop working. Takes a transaction, so a new account and its key
 * are written together.
 */
export async function issuePasswordKey(
  db: Pick<Database, 'insert' | 'update'>,
  userId: number,
  ttlSeconds: number,
  now = new Date(),
): Promise<string> {
  const key = newToken();
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  await db.insert(passwordResets).values({
    userId,
    keyHash: hashToken(key),
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    createdAt: now,
  });
  return key;
}

/** Mails a reset link (spec §2 Forgot password) with a new one-hour key. */
export async function sendResetLink(
  db: Database,
  mailer: Mailer,
  origin: string,
  user: UserRow,
  now = new Date(),
): Promise<void> {
  const key = await issuePasswordKey(db, user.id, resetKeyTtlSeconds, now);
  await mailer.send({
    to: user.email,
    subject: 'Reset your password',
    text: [
      'Someone asked to reset the password of your account. To choose a new one, open this link:',
      '',
      resetLink(origin, key, user),
      '',
      'It works once, within one hour. If you did not ask for it, ignore this message: nothing changes.',
    ].join('\n'),
  });
}

/**
 * Sets the new password when `key` is a live key of the account named `login` (its user name).
 * Using the key is one conditional update, so two parallel requests cannot both use it; every session
 * of the account ends. The key, the password and the ended sessions are one transaction: a failure
 * halfway never leaves a new password beside live sessions, nor a spent key with the old password.
 * False when the key is unknown, used, expired or belongs to someone else.
 */
export async function resetPassword(
  db: Database,
  key: string,
  login: string,
  newPassword: string,
  now = new Date(),
): Promise<boolean> {
  const [found] = await db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.keyHash, hashToken(key)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  if (!found || found.user.username.toLowerCase() !== login.trim().toLowerCase()) return false;
  // Hashed before the transaction, which would otherwise stay open for scrypt's time.
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, found.reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (used.length === 0) return false;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, found.user.id));
    await revokeUserSessions(tx, found.user.id, null, now);
    return true;
  });
}
