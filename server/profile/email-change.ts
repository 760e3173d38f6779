import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { mailSecurityNotice } from '../auth/security-notice';
import type { UserRow } from '../auth/sessions';
import { hashToken, newToken } from '../auth/tokens';
import type { Database } from '../db';
import { emailChanges, users } from '../db/schema';
import { HttpError, validationError } from '../http/errors';
import { consumeRateLimit } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';

/** A confirmation link works once, for a day. */
export const emailChangeTtlMs = 24 * 60 * 60 * 1000;

export const emailTakenMessage = 'This email is already used by another account.';

/** An address's owner is told of attempts on it at most this often (a taken address is no mail cannon). */
const takenNoticeLimit = { limit: 3, windowSeconds: 24 * 60 * 60 };

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

/** A change written: the key to mail to the new address, or null when another account has it. */
export interface RecordedEmailChange {
  newEmail: string;
  key: string | null;
}

/**
 * Records a change request (a single-use key, its SHA-256 stored; older requests stop working). For an
 * address another account has, nothing is stored but the older requests' end: the caller answers and
 * mails exactly as for a free one, so the answer does not tell who has an account.
 */
export async function recordEmailChange(
  db: Database,
  user: UserRow,
  newEmail: string,
  now = new Date(),
): Promise<RecordedEmailChange> {
  await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
  if (await emailTaken(db, newEmail, user.id)) return { newEmail, key: null };
  const key = newToken();
  await db.insert(emailChanges).values({
    userId: user.id,
    newEmail,
    keyHash: hashToken(key),
    expiresAt: new Date(now.getTime() + emailChangeTtlMs),
    createdAt: now,
  });
  return { newEmail, key };
}

/** Tells the owner of a taken address, a few times a day at most; past that, silently nothing. */
async function mailAddressOwner(db: Database, mailer: Mailer, address: string): Promise<void> {
  try {
    await consumeRateLimit(db, [{ key: `email-taken:${address.toLowerCase()}`, ...takenNoticeLimit }]);
  } catch (error) {
    if (error instanceof HttpError && error.httpStatus === 429) return;
    throw error;
  }
  await mailer.send({
    to: address,
    subject: 'Someone tried to use your e-mail address',
    text: [
      'Someone signed in to another account asked to change its e-mail address to this one.',
      'Nothing changed: your address stays with your account, and no other account can take it.',
      'If you have forgotten your password, choose a new one with "Forgot password".',
    ].join('\n'),
  });
}

/**
 * The mails of a change: the confirmation link to a free new address (the owner of a taken one is told
 * instead), and a notice with "This wasn't me" to the current address, so a taken-over session cannot
 * move the account away unnoticed.
 */
export async function mailEmailChange(
  db: Database,
  mailer: Mailer,
  origin: string,
  user: UserRow,
  change: RecordedEmailChange,
): Promise<void> {
  if (change.key) {
    await mailer.send({
      to: change.newEmail,
      subject: 'Confirm your new e-mail address',
      text: [
        'To use this address for your account, open this link while signed in:',
        '',
        confirmEmailLink(origin, change.key),
        '',
        'It works once, within 24 hours. If you did not ask for it, ignore this message: nothing changes.',
      ].join('\n'),
    });
  } else {
    await mailAddressOwner(db, mailer, change.newEmail);
  }
  await mailSecurityNotice(db, mailer, origin, user, 'email', [
    `The new address asked for: ${change.newEmail}`,
  ]);
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
