import type { Context } from 'hono';
import { maskEmail } from '../../shared/format/email';
import type { SignInResponse } from '../../shared/schemas/session';
import type { TwoFactorPending } from '../../shared/schemas/two-factor';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import type { ChallengeRow } from './challenges';
import { isNewDevice } from './new-device';
import { mailSecurityNotice } from './security-notice';
import { buildSessionUser } from './session-user';
import { createSession, type UserRow } from './sessions';

/** The end of every sign-in (password alone, or after the second factor): a session and its token. */
export async function completeSignIn(c: Context<AppEnv>, user: UserRow): Promise<SignInResponse> {
  const { db, config, mailer, publicOrigin, logger } = c.get('deps');
  const client = { ip: clientIp(c, config.trustProxy), userAgent: c.req.header('User-Agent') ?? null };
  const { token, session } = await createSession(db, config.session, user.id, client);
  if (await isNewDevice(db, user.id, session.id, client)) {
    const details = [`Device: ${client.userAgent ?? 'unknown'}`, `Address: ${client.ip}`];
    // The sign-in itself succeeded: a mail that fails is logged, not turned into a failed sign-in.
    await mailSecurityNotice(db, mailer, publicOrigin(), user, 'new-sign-in', details).catch(
      (error: unknown) => logger.warn('new sign-in notice not sent', { userId: user.id, error }),
    );
  }
  const sessionUser = await buildSessionUser(db, user);
  c.header('X-WP-Nonce', token);
  return {
    token,
    accountType: sessionUser.accountType,
    redirect: false,
    redirect_to: null,
    user: sessionUser,
  };
}

/**
 * A 2FA step instead of a token: the `X-2FA-*` headers the client reads (spec §7) and the same facts
 * in the body. `ticket` is empty when the caller does not hold it (a signed-in change found by session).
 */
export function pendingAnswer(
  c: Context<AppEnv>,
  ticket: string,
  challenge: Pick<ChallengeRow, 'kind' | 'level' | 'method'>,
  user: UserRow,
): TwoFactorPending {
  const required = challenge.kind === 'verify';
  c.header('X-2FA-Required', required ? 'true' : 'false');
  c.header('X-2FA-Setup', challenge.level);
  if (challenge.method) c.header('X-2FA-Type', challenge.method);
  if (ticket) c.header('X-2FA-Auth-Id', ticket);
  return {
    two_factor: {
      required,
      setup: challenge.level as TwoFactorPending['two_factor']['setup'],
      method: challenge.method,
      auth_id: ticket,
      hidden_email: maskEmail(user.email),
    },
  };
}
