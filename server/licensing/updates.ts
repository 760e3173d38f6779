import type { Database } from '../db';
import { effectiveStatus } from '../licences/activation';
import { type KeyLicence, licenceWithSites } from '../licences/key-licence';
import { siteKey } from '../licences/site-url';
import { licenceStands } from '../licences/standing';
import type { PackageGrant } from './package-links';
import { type ReleaseRow, releaseArchive, releaseById } from './releases';

/** Whether a licence may have its item's packages on a site: usable, not expired, active there. */
export function mayUpdate(found: KeyLicence, site: string | null, now: Date): boolean {
  const status = effectiveStatus(found.licence, now);
  if (status !== 'active' && status !== 'inactive') return false;
  return site !== null && found.sites.some((active) => siteKey(active.url) === site);
}

/**
 * The zip a package link grants, checked again at download time: the link proves what was offered an
 * hour ago at most, the licence must still stand (not refunded or disabled: 'revoked') and be valid
 * for that item and active on that site now (null otherwise).
 */
export async function grantedPackage(
  db: Database,
  grant: PackageGrant,
  now: Date,
): Promise<{ release: ReleaseRow; bytes: Buffer } | 'revoked' | null> {
  const [release, found, stands] = await Promise.all([
    releaseById(db, grant.releaseId),
    licenceWithSites(db, grant.licenceId),
    licenceStands(db, grant.licenceId),
  ]);
  if (!release || !found || found.licence.downloadId !== release.downloadId) return null;
  if (!stands) return 'revoked';
  if (!mayUpdate(found, grant.site, now)) return null;
  const bytes = await releaseArchive(db, release.id);
  return bytes ? { release, bytes } : null;
}
