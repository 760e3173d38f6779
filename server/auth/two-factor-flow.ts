import type { Context } from 'hono';
import type { Database } from '../db';
import type { AppEnv } from '../http/app-env';
import { unauthorized } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { findUserById } from './accounts';
import {
  type ChallengeRow,
  createChallenge,
  findChallenge,
  findSessionChallenge,
  type NewChallenge,
  updateChallenge,
} from './challenges';
import { emailCodeHash, emailCodeTtlSeconds, mailEmailCode, newEmailCode } from './email-codes';
import type { SessionRow, UserRow } from './sessions';
import { challengeExpired } from './two-factor-errors';

/**
 * A new e-mail code for a challenge: the columns that keep its hash (the previous code stops working,
 * only one hash is kept) and the code, mailed once they are written.
 */
export function challengeEmailCode(challengeId: number, now = new Date()) {
  const code = newEmailCode();
  return {
    code,
    values: {
      emailCodeHash: emailCodeHash(challengeId, code),
      emailCodeExpiresAt: new Date(now.getTime() + emailCodeTtlSeconds * 1000),
    },
  };
}

/**
 * Starts a challenge answered by an e-mailed code: the challenge and its code's hash in one
 * transaction (never a challenge whose code cannot match), the code mailed after the commit.
 */
export async function createEmailChallenge(
  db: Database,
  mailer: Mailer,
  values: NewChallenge,
  user: Pick<UserRow, 'email'>,
): Promise<{ ticket: string; challenge: ChallengeRow }> {
  const { started, code } = await db.transaction(async (tx) => {
    const started = await createChallenge(tx, values);
    const emailCode = challengeEmailCode(started.challenge.id);
    await updateChallenge(tx, started.challenge.id, emailCode.values);
    return {
      started: { ...started, challenge: { ...started.challenge, ...emailCode.values } },
      code: emailCode.code,
    };
  });
  await mailEmailCode(mailer, user.email, code);
  return started;
}

/**
 * What a right password leads to (spec §4): a code challenge for an account with 2FA (the
 * authenticator when it has one, else an e-mailed code), method choice (setup level 1) for an account
 * whose policy requires 2FA and has none, or null: sign in now.
 */
export async function startSignInChallenge(
  db: Database,
  mailer: Mailer,
  user: UserRow,
): Promise<{ ticket: string; challenge: ChallengeRow } | null> {
  if (user.totpSecret !== null) {
    return createChallenge(db, { userId: user.id, kind: 'verify', level: '1', method: 'totp' });
  }
  if (user.emailTwoFactor) {
    return createEmailChallenge(
      db,
      mailer,
      { userId: user.id, kind: 'verify', level: '1', method: 'email' },
      user,
    );
  }
  if (user.twoFactorRequired) {
    return createChallenge(db, { userId: user.id, kind: 'setup', level: '1' });
  }
  return null;
}

/** Who a 2FA call acts for: the holder of a sign-in ticket, or a signed-in session (profile). */
export interface TwoFactorActor {
  user: UserRow;
  /** The ticket the call came with ('' for a signed-in call). */
  ticket: string;
  challenge: ChallengeRow | null;
  /** Set for a signed-in call: the session making the change keeps working, the others end. */
  session: SessionRow | null;
}

/**
 * A ticket is the capability: it was issued after the right password and names one account. Without
 * one, the caller must be signed in and reaches only the challenge its own session started.
 */
export async function resolveActor(c: Context<AppEnv>, ticket: string | undefined): Promise<TwoFactorActor> {
  const { db } = c.get('deps');
  if (ticket) {
    const challenge = await findChallenge(db, ticket);
    const user = challenge ? await findUserById(db, challenge.userId) : null;
    if (!challenge || !user || user.status !== 'active' || challenge.sessionId !== null)
      throw challengeExpired();
    return { user, ticket, challenge, session: null };
  }
  const user = c.get('user');
  const session = c.get('session');
  if (!user || !session) throw unauthorized();
  return { user, ticket: '', challenge: await findSessionChallenge(db, session.id), session };
}
