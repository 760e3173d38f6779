import { createHmac, timingSafeEqual } from 'node:crypto';

/** A package link lasts an hour (issue 28), long enough for WordPress to fetch it after the check. */
export const packageLinkTtlSeconds = 3600;

/** What a package link grants: one release's zip, for one licence on one site, until a moment. */
export interface PackageGrant {
  releaseId: number;
  licenceId: number;
  /** The site as siteKey() names it. */
  site: string;
  /** Unix seconds. */
  expires: number;
}

function mac(secret: string, payload: string): Buffer {
  // Its own domain: a download link's signature is never a valid package link, nor the reverse.
  return createHmac('sha256', secret).update(`package:${payload}`).digest();
}

/** `<base64url payload>.<base64url HMAC-SHA256>`, self-contained like the download links. */
export function signPackage(secret: string, grant: Omit<PackageGrant, 'expires'>, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + packageLinkTtlSeconds;
  const payload = Buffer.from(
    JSON.stringify({ r: grant.releaseId, l: grant.licenceId, s: grant.site, e: expires }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The grant of a token, or null when it is malformed, tampered with or expired (MAC first). */
export function verifyPackage(secret: string, token: string, now: Date): PackageGrant | null {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = mac(secret, payload);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { r, l, s, e } = data as Record<string, unknown>;
  if (typeof r !== 'number' || typeof l !== 'number' || typeof s !== 'string' || typeof e !== 'number') {
    return null;
  }
  if (e * 1000 <= now.getTime()) return null;
  return { releaseId: r, licenceId: l, site: s, expires: e };
}
