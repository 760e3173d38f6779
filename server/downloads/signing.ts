import { readToken, signToken } from '../http/signed-token';

/** Signed download links last 24 hours (issue 7: "signed, expiring signatures (HMAC, 24 h)"). */
export const downloadLinkTtlSeconds = 24 * 3600;

/**
 * What a signature grants: one package file, under the name the link shows, through one licence
 * (checked again at download: a refunded or disabled licence's links stop working), until a moment.
 */
export interface DownloadGrant {
  /** The package's id, e.g. 'product:4372' or 'free:starter-theme' (see packages.ts). */
  file: string;
  /** The licence the file is downloaded under. */
  licenceId: number;
  /** The download_name the landing sends back; it must match, so a name cannot be swapped. */
  name: string;
  /** Unix seconds. */
  expires: number;
}

const domain = 'download';

/** `<base64url payload>.<base64url HMAC-SHA256>`: self-contained, so no table of links is needed. */
export function signDownload(
  secret: string,
  grant: Omit<DownloadGrant, 'expires'>,
  now: Date,
  ttlSeconds = downloadLinkTtlSeconds,
): string {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return signToken(secret, domain, { f: grant.file, n: grant.name, l: grant.licenceId, e: expires });
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
  const data = readToken(secret, domain, signature);
  if (!data) return null;
  const { f, n, l, e } = data;
  if (typeof f !== 'string' || typeof n !== 'string' || typeof l !== 'number' || typeof e !== 'number') {
    return null;
  }
  if (n !== name || e * 1000 <= now.getTime()) return null;
  return { file: f, name: n, licenceId: l, expires: e };
}
