import type { MiddlewareHandler } from 'hono';
import { HttpError, sendError } from './errors';
import { hostNameOf, hostNameOfUrl } from './host-names';

export const misdirectedMessage = 'This server does not answer to that host name.';

/**
 * Answers 421 Misdirected Request to a request whose Host is not one of this server's names, so a
 * page on a DNS-rebound name (evil.example resolving to 127.0.0.1) cannot read any answer of ours, the
 * development outbox included. `/healthz` is left open: load balancers probe it by address.
 */
export function hostAllowList(options: {
  names: ReadonlySet<string>;
  /** Where the server turned out to listen (a port 0 start, a wildcard host): its name is ours too. */
  publicOrigin: () => string | null;
}): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path === '/healthz') return next();
    // Behind @hono/node-server the URL is built from the Host header; tests' app.request() may set
    // the header alone.
    const name = hostNameOf(c.req.header('Host') ?? new URL(c.req.url).host);
    const listening = options.publicOrigin();
    const allowed =
      name !== null && (options.names.has(name) || (listening !== null && hostNameOfUrl(listening) === name));
    if (!allowed) return sendError(c, new HttpError(421, 'misdirected_request', misdirectedMessage));
    return next();
  };
}
