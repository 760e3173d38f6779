import { createHash } from 'node:crypto';

/** Buckets of a hundredth of a percent, so a rollout of 12.5 % is as exact as one of 20 %. */
const buckets = 10_000;

/**
 * The bucket of a site for a release: a hash of the release, the licence key and the site, so the
 * same site always lands in the same bucket. A release at p % is offered to the buckets below p %:
 * raising the percent adds buckets (sites) and never removes one.
 */
export function rolloutBucket(releaseId: number, licenceKey: string, siteKey: string): number {
  const digest = createHash('sha256').update(`${releaseId}\n${licenceKey}\n${siteKey}`).digest();
  return digest.readUInt32BE(0) % buckets;
}

export function inRollout(
  release: { id: number; rolloutPercent: number },
  licenceKey: string,
  siteKey: string,
): boolean {
  if (release.rolloutPercent >= 100) return true;
  return rolloutBucket(release.id, licenceKey, siteKey) < (release.rolloutPercent * buckets) / 100;
}
