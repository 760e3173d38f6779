import type { Context } from 'hono';
import { maskEmail } from '../../shared/format/email';
import type { SignInResponse } from '../../shared/schemas/session';
import type { TwoFactorPending } from '../../shared/schemas/two-factor';
import type { Database } from '../db';
import type { AppEnv, RequestDeps } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import type { MailMessage } from '../mail/mailer';
import type { ChallengeRow } from './challenges';
import { isNewDevice } from './new-device';
import { securityNoticeWithin } from './security-notice';
import { buildSessionUser } from './session-user';
import { createSession, type UserRow } from './sessions';

/** Who signs in: kept on the session; a pair none of the account's kept sessions had is told to the owner. */
export interface SignInClient {
  ip: string;
  userAgent: string | null;
}

export function signInClient(c: Context<AppEnv>): SignInClient {
  return { ip: clientIp(c, c.get('deps').config.trustProxy), userAgent: c.req.header('User-Agent') ?? null };
}

type Deps = Pick<RequestDeps, 'db' | 'config' | 'mailer' | 'publicOrigin' | 'logger'>;

/** A session opened by a sign-in's transaction, and the new-device notice to mail once it commits. */
export interface OpenedSession {
  user: UserRow;
  token: string;
  notice: MailMessage | null;
}

/**
 * The end of every sign-in (password alone, or after the second factor), inside the caller's
 * transaction with the writes that lead to it (a spent code, a consumed ticket): the session, and for a
 * new device the notice's "This wasn't me" link.
 */
export async function openSessionWithin(
  tx: Database,
  deps: Pick<Deps, 'config' | 'publicOrigin'>,
  user: UserRow,
  client: SignInClient,
): Promise<OpenedSession> {
  const { token, session } = await createSession(tx, deps.config.session, user.id, client);
  if (!(await isNewDevice(tx, user.id, session.id, client))) return { user, token, notice: null };
  const details = [`Device: ${client.userAgent ?? 'unknown'}`, `Address: ${client.ip}`];
  const notice = await securityNoticeWithin(tx, deps.publicOrigin(), user, 'new-sign-in', details);
  return { user, token, notice };
}

/** After the sign-in's commit: the notice mailed and the answer with the token. */
export async function signInResponse(deps: Deps, opened: OpenedSession): Promise<SignInResponse> {
  const { user, token, notice } = opened;
  // The sign-in itself succeeded: a mail that fails is logged, not turned into a failed sign-in.
  if (notice) {
    await deps.mailer
      .send(notice)
      .catch((error: unknown) => deps.logger.warn('new sign-in notice not sent', { userId: user.id, error }));
  }
  const sessionUser = await buildSessionUser(deps.db, user);
  return {
    token,
    accountType: sessionUser.accountType,
    redirect: false,
    redirect_to: null,
    user: sessionUser,
  };
}

/** A sign-in with nothing else to write: the session in its own transaction, then the answer. */
export async function completeSignIn(
  deps: Deps,
  user: UserRow,
  client: SignInClient,
): Promise<SignInResponse> {
  const opened = await deps.db.transaction((tx) => openSessionWithin(tx, deps, user, client));
  return signInResponse(deps, opened);
}

/** The token also goes in `X-WP-Nonce`, where the client reads a new one (spec §7). */
export function withNonce<T extends { token: string | null }>(c: Context<AppEnv>, answer: T): T {
  if (answer.token) c.header('X-WP-Nonce', answer.token);
  return answer;
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
