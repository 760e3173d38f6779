import type { MiddlewareHandler } from 'hono';
import { switchedSessionMessage } from '../../shared/schemas/reauth-messages';
import type { AppEnv } from '../http/app-env';
import { forbidden } from '../http/errors';
import type { UserRow } from './sessions';

type Sensitive = (body: () => Promise<unknown>, user: UserRow) => boolean | Promise<boolean>;
const always: Sensitive = () => true;

/** Reads the JSON body once for the guard (Hono keeps it for the route); junk is the route's to refuse. */
async function jsonOf(read: () => Promise<string>): Promise<Record<string, unknown>> {
  try {
    const body: unknown = JSON.parse(await read());
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** `POST /profile`: the password, and the e-mail when it changes; names and address stay open to staff. */
const profileTakeover: Sensitive = async (body, user) => {
  const form = (await body()) as Record<string, unknown>;
  if (form.type === 'password') return true;
  return form.type === 'profile' && typeof form.email === 'string'
    ? form.email.trim().toLowerCase() !== user.email.toLowerCase()
    : false;
};

/**
 * The calls that would let whoever holds the account's session own it: credentials, 2FA and cards.
 * Keyed by method and path under /api/v1.
 */
const ownerOnlyCalls: Record<string, Sensitive> = {
  'POST /profile': profileTakeover,
  'POST /profile/confirm-email': always,
  'POST /profile/add-card': always,
  'POST /profile/remove-card': always,
  'POST /configure-2fa': always,
  'GET /totp-setup-key': always,
  'GET /get-backup-codes': always,
  'POST /get-backup-codes': always,
  'GET /download-backup-codes': always,
  'POST /disable-2fa': always,
  'POST /reauth-code': always,
};

/**
 * Staff impersonation (spec §4 switching) is for looking and helping: a session a shop manager or admin
 * opened in a customer's account is refused (403) every call above, whatever route serves it.
 */
export function refuseSwitchedTakeover(apiPrefix: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.get('session');
    const user = c.get('user');
    if (session?.switchedByUserId && user) {
      const path = c.req.path.startsWith(apiPrefix) ? c.req.path.slice(apiPrefix.length) : c.req.path;
      // Hono answers HEAD with the GET handler, side effects included: a HEAD is the GET it runs.
      const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
      const sensitive = ownerOnlyCalls[`${method} ${path.replace(/\/+$/, '') || '/'}`];
      if (sensitive && (await sensitive(() => jsonOf(() => c.req.text()), user))) {
        throw forbidden(switchedSessionMessage);
      }
    }
    await next();
  };
}
