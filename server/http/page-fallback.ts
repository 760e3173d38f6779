import type { Context } from 'hono';
import type { AppEnv } from './app-env';

/** Paths that are never pages: their misses stay 404s with the error body. */
const nonPagePrefixes = ['/api/', '/wp/', '/widgets/', '/assets/', '/dev/', '/news/'];

/**
 * Spec §2: anything else at the top level redirects to /auth/sign-in. A browser asking for a page the
 * portal does not know is sent there; API clients and files keep their 404.
 */
export function isUnknownPageRequest(c: Context<AppEnv>): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  if (nonPagePrefixes.some((prefix) => c.req.path.startsWith(prefix))) return false;
  return (c.req.header('Accept') ?? '').includes('text/html');
}
