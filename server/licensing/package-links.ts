import { readToken, signToken } from '../http/signed-token';

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

const domain = 'package';

/** `<base64url payload>.<base64url HMAC-SHA256>`, self-contained like the download links. */
export function signPackage(secret: string, grant: Omit<PackageGrant, 'expires'>, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + packageLinkTtlSeconds;
  return signToken(secret, domain, { r: grant.releaseId, l: grant.licenceId, s: grant.site, e: expires });
}

/** The grant of a token, or null when it is malformed, tampered with or expired. */
export function verifyPackage(secret: string, token: string, now: Date): PackageGrant | null {
  const data = readToken(secret, domain, token);
  if (!data) return null;
  const { r, l, s, e } = data;
  if (typeof r !== 'number' || typeof l !== 'number' || typeof s !== 'string' || typeof e !== 'number') {
    return null;
  }
  if (e * 1000 <= now.getTime()) return null;
  return { releaseId: r, licenceId: l, site: s, expires: e };
}
