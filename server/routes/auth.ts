import { Hono } from 'hono';
import { SignInRequestSchema } from '../../shared/schemas/session';
import { VerifyTwoFactorRequestSchema } from '../../shared/schemas/two-factor';
import { findUserById, findUserByLogin } from '../auth/accounts';
import { consumeChallenge, findChallenge } from '../auth/challenges';
import { emailCodeMatches } from '../auth/email-codes';
import { requireSession } from '../auth/middleware';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords';
import { redeemRecoveryCode } from '../auth/recovery-codes';
import { secretsKey } from '../auth/secrets-key';
import { revokeSession } from '../auth/sessions';
import { completeSignIn, pendingAnswer } from '../auth/sign-in-answer';
import { countSignInAttempt } from '../auth/sign-in-limits';
import { matchTotpStep, openTotpSecret } from '../auth/totp';
import { challengeExpired, wrongCode } from '../auth/two-factor-errors';
import { startSignInChallenge } from '../auth/two-factor-flow';
import { assertNotLocked, claimTotpStep, clearWrongCodes, recordWrongCode } from '../auth/two-factor-guard';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { HttpError, validationError } from '../http/errors';
import { consumeRateLimit, refundRateLimit } from '../http/rate-limit';
import { readJson } from '../http/validate';

/** One answer for an unknown account and a wrong password, so the form cannot tell which it was. */
export const wrongCredentialsMessage = 'Incorrect email or password.';

export function authRoutes(): Hono<AppEnv> {
  // Resolved now, so that a production server without SECRETS_KEY stops at start, not at the first 2FA.
  secretsKey();
  const app = new Hono<AppEnv>();

  app.post('/signin', async (c) => {
    const { db, config, mailer } = c.get('deps');
    const body = await readJson(c, SignInRequestSchema);
    const user = await findUserByLogin(db, body.username);
    // One count per account, whichever login (user name or e-mail address) names it.
    const attempt = await countSignInAttempt(db, config.signInRateLimit, {
      ip: clientIp(c, config.trustProxy),
      account: user ? `user:${user.id}` : `login:${body.username.trim().toLowerCase()}`,
    });
    const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !passwordOk) throw validationError({ password: wrongCredentialsMessage });
    await attempt.succeeded();
    // Only someone who knows the password learns that the account is disabled.
    if (user.status !== 'active') throw new HttpError(403, 'account_disabled', 'This account is disabled.');

    // A second factor is due: a ticket and the step, no token (spec §4).
    const pending = await startSignInChallenge(db, mailer, user);
    if (pending) return c.json(pendingAnswer(c, pending.ticket, pending.challenge, user));
    return c.json(await completeSignIn(c, user));
  });

  /**
   * Spec §7 `POST /verify-2fa`: the code of a sign-in's challenge. Wrong codes count against the
   * account (5, then 15 minutes locked), a TOTP code and a recovery code work once, an e-mail code
   * for 10 minutes. The token comes only once the code is right.
   */
  app.post('/verify-2fa', async (c) => {
    const { db, config } = c.get('deps');
    const body = await readJson(c, VerifyTwoFactorRequestSchema);
    // Like the password step, only wrong codes may count against the address.
    const ipKey = `2fa:ip:${clientIp(c, config.trustProxy)}`;
    await consumeRateLimit(db, [
      {
        key: ipKey,
        limit: config.signInRateLimit.perIp,
        windowSeconds: config.signInRateLimit.windowSeconds,
      },
    ]);
    const ticket = body.auth_id ?? (typeof body.user_id === 'string' ? body.user_id : '');
    const challenge = await findChallenge(db, ticket);
    const user = challenge ? await findUserById(db, challenge.userId) : null;
    if (challenge?.kind !== 'verify' || !user || user.status !== 'active') throw challengeExpired();
    await assertNotLocked(db, user.id);

    const kind = body.recovery ? 'recovery' : body.method;
    let right = false;
    if (kind === 'recovery') {
      right = await redeemRecoveryCode(db, user.id, body.code);
    } else if (kind === 'totp') {
      const step = user.totpSecret ? matchTotpStep(openTotpSecret(user.totpSecret), body.code) : null;
      right = step !== null && (await claimTotpStep(db, user.id, step));
    } else {
      right =
        user.emailTwoFactor &&
        challenge.method === 'email' &&
        emailCodeMatches(
          { hash: challenge.emailCodeHash, expiresAt: challenge.emailCodeExpiresAt },
          challenge.id,
          body.code,
        );
    }
    if (!right) {
      await recordWrongCode(db, user.id);
      throw wrongCode(kind);
    }
    if (!(await consumeChallenge(db, challenge.id))) throw challengeExpired();
    await clearWrongCodes(db, user.id);
    await refundRateLimit(db, ipKey);
    return c.json(await completeSignIn(c, user));
  });

  app.post('/signout', async (c) => {
    const { session } = requireSession(c);
    await revokeSession(c.get('deps').db, session.id);
    return c.json({ success: true });
  });

  return app;
}
