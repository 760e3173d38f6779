import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A self-contained signed token, `<base64url JSON>.<base64url HMAC-SHA256>`, so no table of issued links
 * is needed. The domain goes into the MAC: a token signed for one use (a download, a package) is never
 * valid for another.
 */
function mac(secret: string, domain: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${domain}:${payload}`).digest();
}

export function signToken(secret: string, domain: string, data: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(data)).toString('base64url');
  return `${payload}.${mac(secret, domain, payload).toString('base64url')}`;
}

/** The data of a token, or null when it is malformed or tampered with (the MAC checked first, in constant time). */
export function readToken(secret: string, domain: string, token: string): Record<string, unknown> | null {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = mac(secret, domain, payload);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const data: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
