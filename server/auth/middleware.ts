import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';
import { unauthorized } from '../http/errors';
import { resolveSession, type SessionRow, type UserRow } from './sessions';

/**
 * Reads the token from the `X-WP-Nonce` header (never a cookie or the URL: no CSRF, nothing in logs)
 * and puts the user and session on the context. A missing or bad token leaves both null; routes that
 * need a user call `requireUser`, so public routes keep working for a visitor with a stale token.
 * A rotated token goes back in the `X-WP-Nonce` response header, whatever the route answered.
 */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db, config } = c.get('deps');
    c.set('user', null);
    c.set('session', null);
    const token = c.req.header('X-WP-Nonce');
    let rotatedToken: string | null = null;
    if (token) {
      const resolved = await resolveSession(db, config.session, token);
      if (resolved) {
        c.set('user', resolved.user);
        c.set('session', resolved.session);
        rotatedToken = resolved.rotatedToken;
      }
    }
    await next();
    if (rotatedToken) c.res.headers.set('X-WP-Nonce', rotatedToken);
  };
}

/** The signed-in user, or a 401 `rest_cookie_invalid_nonce` that makes the client sign out. */
export function requireUser(c: Context<AppEnv>): UserRow {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

export function requireSession(c: Context<AppEnv>): { user: UserRow; session: SessionRow } {
  const user = requireUser(c);
  const session = c.get('session');
  if (!session) throw unauthorized();
  return { user, session };
}
