import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Reauth } from '../../shared/schemas/reauth';
import { reauthMessages } from '../../shared/schemas/reauth-messages';
import type { Config } from '../config';
import type { Database } from '../db';
import { twoFactorChallenges } from '../db/schema';
import { validationError } from '../http/errors';
import { consumeRateLimit, refundRateLimit } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';
import { consumeChallenge } from './challenges';
import { emailCodeMatches } from './email-codes';
import { verifyPassword } from './passwords';
import { redeemRecoveryCode } from './recovery-codes';
import type { SessionRow, UserRow } from './sessions';
import { matchTotpStep, openTotpSecret } from './totp';
import { createEmailChallenge } from './two-factor-flow';
import { assertNotLocked, claimTotpStep, clearWrongCodes, recordWrongCode } from './two-factor-guard';

export const hasTwoFactor = (user: UserRow) => user.totpSecret !== null || user.emailTwoFactor;

/** The newest unused re-authentication e-mail code this session asked for. */
async function openReauthChallenge(db: Database, sessionId: number, now: Date) {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.sessionId, sessionId),
        eq(twoFactorChallenges.kind, 'reauth'),
        isNull(twoFactorChallenges.consumedAt),
        gt(twoFactorChallenges.expiresAt, now),
      ),
    )
    .orderBy(desc(twoFactorChallenges.id))
    .limit(1);
  return row ?? null;
}

/** Mails an e-mail code that confirms the session's next sensitive change (accounts with e-mail 2FA). */
export async function sendReauthCode(
  db: Database,
  mailer: Mailer,
  limits: Config['signInRateLimit'],
  user: UserRow,
  session: SessionRow,
): Promise<void> {
  await consumeRateLimit(db, [
    { key: `reauth-code:account:${user.id}`, limit: limits.perAccount, windowSeconds: limits.windowSeconds },
  ]);
  await createEmailChallenge(
    db,
    mailer,
    { userId: user.id, kind: 'reauth', level: '1', method: 'email', sessionId: session.id },
    user,
  );
}

/** Any of the account's second factors: each used code is spent (TOTP step, e-mail code, recovery code). */
async function codeMatches(db: Database, user: UserRow, session: SessionRow, code: string, now: Date) {
  if (user.totpSecret !== null) {
    const step = matchTotpStep(openTotpSecret(user.totpSecret), code, now);
    if (step !== null) return claimTotpStep(db, user.id, step);
  }
  if (user.emailTwoFactor) {
    const challenge = await openReauthChallenge(db, session.id, now);
    if (
      challenge &&
      emailCodeMatches(
        { hash: challenge.emailCodeHash, expiresAt: challenge.emailCodeExpiresAt },
        challenge.id,
        code,
        now,
      )
    ) {
      return consumeChallenge(db, challenge.id, now);
    }
  }
  return redeemRecoveryCode(db, user.id, code, now);
}

/**
 * A sensitive change asks who is at the keyboard: the current password and, with 2FA on, a code.
 * Every attempt counts against the account's limit (429 past it) and a right one takes its count back,
 * so only failures add up; a wrong code also counts toward the account's 2FA lock, a count that commits
 * (with nothing else) before the refusal. A right code is spent in one transaction with `change`: a
 * change that fails (a refusal it throws, a database error) leaves the code unspent and the attempt
 * counted, so the same code works for the next try.
 */
export async function withConfirmedIdentity<T>(
  db: Database,
  limits: Config['signInRateLimit'],
  user: UserRow,
  session: SessionRow,
  proof: Reauth,
  change: (tx: Database) => Promise<T>,
  now = new Date(),
): Promise<T> {
  if (proof.current_password === '')
    throw validationError({ current_password: reauthMessages.passwordEmpty });
  if (hasTwoFactor(user) && proof.code === '') throw validationError({ code: reauthMessages.codeEmpty });
  const key = `reauth:account:${user.id}`;
  await consumeRateLimit(db, [{ key, limit: limits.perAccount, windowSeconds: limits.windowSeconds }], now);
  if (!(await verifyPassword(proof.current_password, user.passwordHash))) {
    throw validationError({ current_password: reauthMessages.passwordWrong });
  }
  if (hasTwoFactor(user)) await assertNotLocked(db, user.id, now);
  const done = await db.transaction(async (tx) => {
    if (hasTwoFactor(user)) {
      if (!(await codeMatches(tx, user, session, proof.code, now))) {
        await recordWrongCode(tx, user.id, now);
        return null;
      }
      await clearWrongCodes(tx, user.id);
    }
    await refundRateLimit(tx, key);
    return { result: await change(tx) };
  });
  if (!done) throw validationError({ code: reauthMessages.codeWrong });
  return done.result;
}
