import type { MiddlewareHandler } from 'hono';
import { forbidden, sendError } from './errors';

/** What the client reads from responses (DESIGN §5) and sends in requests. */
export const exposedHeaders = [
  'X-WP-Nonce',
  'X-WP-Total',
  'X-WP-TotalPages',
  'X-2FA-Required',
  'X-2FA-Setup',
  'X-2FA-Type',
  'X-2FA-Auth-Id',
  'Content-Disposition',
];
export const allowedRequestHeaders = ['Content-Type', 'X-WP-Nonce', 'X-Cart-Token'];
const allowedMethods = ['GET', 'POST', 'DELETE', 'OPTIONS'];

/**
 * CORS for the API, with credentials, only for listed origins: the server's own origin (PUBLIC_URL, or
 * the listening address) and ALLOWED_ORIGINS. Never one derived from the request's Host: a rebound
 * name would make its own page an allowed origin. Any other origin gets no CORS headers at all, so
 * the browser withholds the answer from its page, and its preflight is refused with 403. (Pages the
 * server itself serves call it same-origin, which needs no CORS.)
 */
export function cors(options: {
  allowedOrigins: readonly string[];
  publicOrigin: () => string | null;
}): MiddlewareHandler {
  const listed = new Set(options.allowedOrigins);

  return async (c, next) => {
    const origin = c.req.header('Origin');
    const allowed = origin !== undefined && (origin === options.publicOrigin() || listed.has(origin));
    const preflight =
      c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method') !== undefined;

    if (preflight) {
      if (!allowed) return sendError(c, forbidden('This origin is not allowed to call the API.'));
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Allow-Credentials', 'true');
      c.header('Access-Control-Allow-Methods', allowedMethods.join(', '));
      c.header('Access-Control-Allow-Headers', allowedRequestHeaders.join(', '));
      c.header('Access-Control-Max-Age', '600');
      c.header('Vary', 'Origin');
      return c.body(null, 204);
    }

    await next();
    // Caches must not hand one origin's answer to another.
    c.res.headers.append('Vary', 'Origin');
    if (allowed) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Allow-Credentials', 'true');
      c.res.headers.set('Access-Control-Expose-Headers', exposedHeaders.join(', '));
    }
  };
}
