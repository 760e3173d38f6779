import { Hono } from 'hono';
import { SignInRequestSchema } from '../../shared/schemas/session';
import { VerifyTwoFactorRequestSchema } from '../../shared/schemas/two-factor';
import { findUserByLogin } from '../auth/accounts';
import { requireSession } from '../auth/middleware';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords';
import { secretsKey } from '../auth/secrets-key';
import { revokeSession } from '../auth/sessions';
import {
  completeSignIn,
  pendingAnswer,
  signInClient,
  signInResponse,
  withNonce,
} from '../auth/sign-in-answer';
import { countSignInAttempt } from '../auth/sign-in-limits';
import { verifySignInCode } from '../auth/sign-in-verify';
import { startSignInChallenge } from '../auth/two-factor-flow';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { HttpError, validationError } from '../http/errors';
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
    return c.json(withNonce(c, await completeSignIn(c.get('deps'), user, signInClient(c))));
  });

  /** Spec §7 `POST /verify-2fa`: the token comes only once the sign-in's code is right. */
  app.post('/verify-2fa', async (c) => {
    const body = await readJson(c, VerifyTwoFactorRequestSchema);
    const deps = c.get('deps');
    const opened = await verifySignInCode(deps, body, signInClient(c));
    return c.json(withNonce(c, await signInResponse(deps, opened)));
  });

  app.post('/signout', async (c) => {
    const { session } = requireSession(c);
    await revokeSession(c.get('deps').db, session.id);
    return c.json({ success: true });
  });

  return app;
}
