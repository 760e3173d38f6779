import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';
import { findUserById } from './accounts';
import type { UserRow } from './sessions';

/** The account's policy requires 2FA and it has no method yet (spec §4 setup, level 1: choose one). */
function setupDue(user: Pick<UserRow, 'twoFactorRequired' | 'totpSecret' | 'emailTwoFactor'>): boolean {
  return user.twoFactorRequired && user.totpSecret === null && !user.emailTwoFactor;
}

/**
 * Spec §7: answers carry the 2FA headers. On a signed-in read (GET) they say the account still owes a
 * 2FA setup (`X-2FA-Setup: 1`), which the user shell shows as its 2FA banner (spec §2); an account that
 * owes nothing gets none. The 2FA flow's own steps (POSTs) keep the headers of their step.
 */
export function twoFactorSignal(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const user = c.get('user');
    if (c.req.method !== 'GET' || c.res.headers.has('X-2FA-Setup')) return;
    // Only an account that owed a setup before the call is looked up again (a rare, pending state).
    if (!user || !setupDue(user)) return;
    const now = await findUserById(c.get('deps').db, user.id);
    if (!now || !setupDue(now)) return;
    c.res.headers.set('X-2FA-Required', 'false');
    c.res.headers.set('X-2FA-Setup', '1');
  };
}
