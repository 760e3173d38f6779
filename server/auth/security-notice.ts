import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { signOutLinks } from '../db/schema';
import type { Mailer, MailMessage } from '../mail/mailer';
import { revokeUserSessions, type UserRow } from './sessions';
import { hashToken, newToken } from './tokens';

/** A "This wasn't me" link works once, for a week: long enough for a mail read late. */
export const signOutLinkTtlMs = 7 * 24 * 60 * 60 * 1000;

/** The changes and events the account's owner is told about. */
export type SecurityEvent =
  | 'password'
  | 'email'
  | 'two-factor-disabled'
  | 'two-factor-replaced'
  | 'recovery-codes'
  | 'new-sign-in';

const what: Record<SecurityEvent, { subject: string; text: string }> = {
  password: { subject: 'Your password was changed', text: 'The password of your account was changed.' },
  email: {
    subject: 'Your e-mail address is about to change',
    text: 'Someone asked to change the e-mail address of your account. It changes only once the new address confirms.',
  },
  'two-factor-disabled': {
    subject: 'Two-factor authentication was turned off',
    text: 'A two-factor authentication method of your account was turned off.',
  },
  'two-factor-replaced': {
    subject: 'Two-factor authentication was changed',
    text: 'The two-factor authentication of your account was set up again with another method or device.',
  },
  'recovery-codes': {
    subject: 'New recovery codes were made',
    text: 'New recovery codes were made for your account; the old ones no longer work.',
  },
  'new-sign-in': {
    subject: 'New sign-in to your account',
    text: 'Your account was signed in to from a device or address it had not used before.',
  },
};

/** The page that ends every session of the account (the token in the query: request logs omit it). */
export const signOutPath = '/account/sign-out-everywhere';
export function signOutLink(origin: string, token: string): string {
  return `${origin}${signOutPath}?${new URLSearchParams({ token })}`;
}

/**
 * Tells the account's owner (at `to`, the old address for an e-mail change) what just happened, with a
 * "This wasn't me" link: a single-use random token, stored hashed, that can only sign every session of
 * the account out. No password or code is ever in it. `details` are shown as they are (device, address).
 */
export async function mailSecurityNotice(
  db: Database,
  mailer: Mailer,
  origin: string | null,
  user: Pick<UserRow, 'id' | 'email'>,
  event: SecurityEvent,
  details: string[] = [],
  now = new Date(),
): Promise<void> {
  await mailer.send(await securityNoticeWithin(db, origin, user, event, details, now));
}

/**
 * The notice's message, its link stored through `tx`: a change that writes the link in its own
 * transaction mails the message after the commit, so a rolled-back change mails nothing.
 */
export async function securityNoticeWithin(
  tx: Database,
  origin: string | null,
  user: Pick<UserRow, 'id' | 'email'>,
  event: SecurityEvent,
  details: string[] = [],
  now = new Date(),
): Promise<MailMessage> {
  const lines = [what[event].text, ...details, ''];
  if (origin) {
    const token = newToken();
    await tx.insert(signOutLinks).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + signOutLinkTtlMs),
      createdAt: now,
    });
    lines.push("This wasn't me: sign every session of my account out now:", signOutLink(origin, token), '');
  }
  lines.push(
    'If this was you, ignore this message. If not, also choose a new password with "Forgot password".',
  );
  return { to: user.email, subject: what[event].subject, text: lines.join('\n') };
}

/**
 * Uses a "This wasn't me" link: one conditional update (two clicks cannot both use it), then every
 * session of the account ends. False when the token is unknown, used or expired.
 */
export async function signOutEverywhere(db: Database, token: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(signOutLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(signOutLinks.tokenHash, hashToken(token)),
          isNull(signOutLinks.usedAt),
          gt(signOutLinks.expiresAt, now),
        ),
      )
      .returning({ userId: signOutLinks.userId });
    if (!link) return false;
    await revokeUserSessions(tx, link.userId, null, now);
    return true;
  });
}
