import type { VerifyTwoFactorRequest } from '../../shared/schemas/two-factor';
import type { Database } from '../db';
import type { RequestDeps } from '../http/app-env';
import { consumeRateLimit, refundRateLimit } from '../http/rate-limit';
import { findUserById } from './accounts';
import { type ChallengeRow, consumeChallenge, findChallenge } from './challenges';
import { emailCodeMatches } from './email-codes';
import { redeemRecoveryCode } from './recovery-codes';
import type { UserRow } from './sessions';
import { type OpenedSession, openSessionWithin, type SignInClient } from './sign-in-answer';
import { matchTotpStep, openTotpSecret } from './totp';
import { challengeExpired, wrongCode } from './two-factor-errors';
import { assertNotLocked, claimTotpStep, clearWrongCodes, recordWrongCode } from './two-factor-guard';

type Deps = Pick<RequestDeps, 'db' | 'config' | 'publicOrigin'>;
type CodeKind = 'totp' | 'email' | 'recovery';

/** Spends the code if it is right: a recovery code and a TOTP step once, an e-mail code with its ticket. */
async function spendCode(
  tx: Database,
  user: UserRow,
  challenge: ChallengeRow,
  kind: CodeKind,
  code: string,
): Promise<boolean> {
  if (kind === 'recovery') return redeemRecoveryCode(tx, user.id, code);
  if (kind === 'totp') {
    const step = user.totpSecret ? matchTotpStep(openTotpSecret(user.totpSecret), code) : null;
    return step !== null && claimTotpStep(tx, user.id, step);
  }
  return (
    user.emailTwoFactor &&
    challenge.method === 'email' &&
    emailCodeMatches(
      { hash: challenge.emailCodeHash, expiresAt: challenge.emailCodeExpiresAt },
      challenge.id,
      code,
    )
  );
}

/**
 * Spec §7 `POST /verify-2fa`: the code of a sign-in's challenge. Wrong codes count against the account
 * (5, then 15 minutes locked) and the client address. A right code is spent, the ticket consumed, the
 * counts taken back and the session opened in one transaction: a sign-in that fails to open its session
 * leaves the code and the ticket usable for another try. A wrong code's count commits (with nothing
 * else) before the refusal.
 */
export async function verifySignInCode(
  deps: Deps,
  request: VerifyTwoFactorRequest,
  client: SignInClient,
): Promise<OpenedSession> {
  const { db, config } = deps;
  // Like the password step, only wrong codes may count against the address.
  const ipKey = `2fa:ip:${client.ip}`;
  await consumeRateLimit(db, [
    { key: ipKey, limit: config.signInRateLimit.perIp, windowSeconds: config.signInRateLimit.windowSeconds },
  ]);
  const ticket = request.auth_id ?? (typeof request.user_id === 'string' ? request.user_id : '');
  const challenge = await findChallenge(db, ticket);
  const user = challenge ? await findUserById(db, challenge.userId) : null;
  if (challenge?.kind !== 'verify' || !user || user.status !== 'active') throw challengeExpired();
  await assertNotLocked(db, user.id);

  const kind: CodeKind = request.recovery ? 'recovery' : request.method;
  const opened = await db.transaction(async (tx) => {
    if (!(await spendCode(tx, user, challenge, kind, request.code))) {
      await recordWrongCode(tx, user.id);
      return null;
    }
    if (!(await consumeChallenge(tx, challenge.id))) throw challengeExpired();
    await clearWrongCodes(tx, user.id);
    await refundRateLimit(tx, ipKey);
    return openSessionWithin(tx, deps, user, client);
  });
  if (!opened) throw wrongCode(kind);
  return opened;
}
