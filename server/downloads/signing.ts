import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed download links last 24 hours (issue 7: "signed, expiring signatures (HMAC, 24 h)"). */
export const downloadLinkTtlSeconds = 24 * 3600;

/** What a signature grants: one package file, under the name the link shows, until a moment. */
export interface DownloadGrant {
  /** The package's id, e.g. 'product:4372' or 'free:starter-theme' (see packages.ts). */
  file: string;
  /** The download_name the landing sends back; it must match, so a name cannot be swapped. */
  name: string;
  /** Unix seconds. */
  expires: number;
}

const encode = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`download:${payload}`).digest();
}

/** `<base64url payload>.<base64url HMAC-SHA256>`: self-contained, so no table of links is needed. */
export function signDownload(
  secret: string,
  grant: Omit<DownloadGrant, 'expires'>,
  now: Date,
  ttlSeconds = downloadLinkTtlSeconds,
): string {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const payload = encode(JSON.stringify({ f: grant.file, n: grant.name, e: expires }));
  return `${payload}.${encode(mac(secret, payload))}`;
}

/**
 * The grant of a signature, or null when it is malformed, tampered with, expired, or was issued for
 * another name. The MAC is checked before the payload is read, in constant time.
 */
export function verifyDownload(
  secret: string,
  signature: string,
  name: string,
  now: Date,
): DownloadGrant | null {
  const [payload, given, extra] = signature.split('.');
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
  const { f, n, e } = data as Record<string, unknown>;
  if (typeof f !== 'string' || typeof n !== 'string' || typeof e !== 'number') return null;
  if (n !== name || e * 1000 <= now.getTime()) return null;
  return { file: f, name: n, expires: e };
}
