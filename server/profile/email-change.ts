import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { UserRow } from '../auth/sessions';
import { hashToken, newToken } from '../auth/tokens';
import type { Database } from '../db';
import { emailChanges, users } from '../db/schema';
import { HttpError, validationError } from '../http/errors';
import type { Mailer } from '../mail/mailer';

/** A confirmation link works once, for a day. */
export const emailChangeTtlMs = 24 * 60 * 60 * 1000;

export const emailTakenMessage = 'This email is already used by another account.';

/** Another account already signs in with this address (compared case-insensitively, as sign-in does). */
export async function emailTaken(db: Database, email: string, exceptUserId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, exceptUserId)))
    .limit(1);
  return found !== undefined;
}

/** The portal page that confirms, with the key (the profile element posts it while signed in). */
export function confirmEmailLink(origin: string, key: string): string {
  return `${origin}/user/profile?${new URLSearchParams({ action: 'confirm_email', key })}`;
}

/**
 * Asks the new address to confirm (a single-use key, its SHA-256 stored; older requests stop working)
 * and tells the current address, so a taken-over session cannot move the account away unnoticed.
 */
export async function requestEmailChange(
  db: Database,
  mailer: Mailer,
  origin: string,
  user: UserRow,
  newEmail: string,
  now = new Date(),
): Promise<void> {
  if (await emailTaken(db, newEmail, user.id)) throw validationError({ email: emailTakenMessage });
  const key = newToken();
  await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
  await db.insert(emailChanges).values({
    userId: user.id,
    newEmail,
    keyHash: hashToken(key),
    expiresAt: new Date(now.getTime() + emailChangeTtlMs),
    createdAt: now,
  });
  await mailer.send({
    to: newEmail,
    subject: 'Confirm your new e-mail address',
    text: [
      'To use this address for your account, open this link while signed in:',
      '',
      confirmEmailLink(origin, key),
      '',
      'It works once, within 24 hours. If you did not ask for it, ignore this message: nothing changes.',
    ].join('\n'),
  });
  await mailer.send({
    to: user.email,
    subject: 'Your e-mail address is about to change',
    text: `Someone asked to change the e-mail address of your account to ${newEmail}. It changes only once that address confirms. If it was not you, change your password now.`,
  });
}

function invalidKey(): HttpError {
  return new HttpError(400, 'invalid_email_key', 'This confirmation link is invalid or has expired.');
}

/**
 * Confirms a change with the mailed key: only for the account that asked (another account's key is
 * answered like an unknown one), once, before it expires, and if no one took the address meanwhile.
 */
export async function confirmEmailChange(
  db: Database,
  user: UserRow,
  key: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [change] = await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailChanges.keyHash, hashToken(key)),
          eq(emailChanges.userId, user.id),
          isNull(emailChanges.usedAt),
          gt(emailChanges.expiresAt, now),
        ),
      )
      .returning();
    if (!change) throw invalidKey();
    if (await emailTaken(tx, change.newEmail, user.id)) throw validationError({ email: emailTakenMessage });
    await tx.update(users).set({ email: change.newEmail, updatedAt: now }).where(eq(users.id, user.id));
  });
}

/** The address waiting for its confirmation, if any. */
export async function pendingEmail(db: Database, userId: number, now = new Date()): Promise<string | null> {
  const [change] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
    .limit(1);
  return change?.newEmail ?? null;
}
