import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address for rate limits and the session record. With TRUST_PROXY the last
 * X-Forwarded-For entry is used: it is the one our own proxy appended, while earlier entries are
 * whatever the client chose to send. Without it, the header is ignored entirely.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // `app.request()` in tests has no socket behind it.
    return 'unknown';
  }
}
