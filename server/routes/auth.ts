import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { SignInRequestSchema, type SignInResponse } from '../../shared/schemas/session';
import { requireSession } from '../auth/middleware';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords';
import { buildSessionUser } from '../auth/session-user';
import { createSession, revokeSession } from '../auth/sessions';
import type { Database } from '../db';
import { users } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { HttpError, validationError } from '../http/errors';
import { consumeRateLimit, resetRateLimit } from '../http/rate-limit';
import { readJson } from '../http/validate';

/** One answer for an unknown account and a wrong password, so the form cannot tell which it was. */
export const wrongCredentialsMessage = 'Incorrect email or password.';

async function findUser(db: Database, login: string) {
  const normalised = login.toLowerCase();
  // An address is looked up by e-mail only, anything else by user name only: one login never
  // matches two different accounts.
  const column = normalised.includes('@') ? users.email : users.username;
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${column})`, normalised))
    .limit(1);
  return user ?? null;
}

export function authRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/signin', async (c) => {
    const { db, config } = c.get('deps');
    const body = await readJson(c, SignInRequestSchema);
    const ip = clientIp(c, config.trustProxy);
    const { perIp, perAccount, windowSeconds } = config.signInRateLimit;
    const attemptKey = `signin:ip-user:${ip}:${body.username.toLowerCase()}`;
    await consumeRateLimit(db, [
      { key: `signin:ip:${ip}`, limit: perIp, windowSeconds },
      { key: attemptKey, limit: perAccount, windowSeconds },
    ]);

    const user = await findUser(db, body.username);
    const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !passwordOk) throw validationError({ password: wrongCredentialsMessage });
    // Only someone who knows the password learns that the account is disabled.
    if (user.status !== 'active') throw new HttpError(403, 'account_disabled', 'This account is disabled.');
    if (user.totpSecret !== null || user.emailTwoFactor) {
      throw new HttpError(
        403,
        'two_factor_required',
        'This account uses two-factor authentication, which this server cannot complete yet.',
      );
    }

    await resetRateLimit(db, attemptKey);
    const { token } = await createSession(db, config.session, user.id, {
      ip,
      userAgent: c.req.header('User-Agent') ?? null,
    });
    const sessionUser = await buildSessionUser(db, user);
    const answer: SignInResponse = {
      token,
      accountType: sessionUser.accountType,
      redirect: false,
      redirect_to: null,
      user: sessionUser,
    };
    c.header('X-WP-Nonce', token);
    return c.json(answer);
  });

  app.post('/signout', async (c) => {
    const { session } = requireSession(c);
    await revokeSession(c.get('deps').db, session.id);
    return c.json({ success: true });
  });

  return app;
}
