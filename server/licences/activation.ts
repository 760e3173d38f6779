/**
 * The activation rules of a licence, in one place: which sites count against the limit and whether one
 * more may be added. Issue 17 (staging sites free of the limit) extends `countsAgainstLimit` only.
 */

export interface ActivationLicence {
  status: string;
  /** Null: lifetime. */
  expiresAt: Date | null;
  /** Null: unlimited. */
  activationLimit: number | null;
}

export type ActivationRefusal = 'expired' | 'not_active' | 'limit_reached';

/** Statuses whose licence may gain sites: a fresh licence is 'inactive' until its first site. */
const activatableStatuses = new Set(['active', 'inactive']);

/** Expired by status or by date: an 'active' row past its expiry is expired all the same. */
export function isExpired(licence: Pick<ActivationLicence, 'status' | 'expiresAt'>, now: Date): boolean {
  return licence.status === 'expired' || (licence.expiresAt !== null && licence.expiresAt <= now);
}

/** The status to show: the stored one, or 'expired' once the expiry date has passed. */
export function effectiveStatus(licence: Pick<ActivationLicence, 'status' | 'expiresAt'>, now: Date): string {
  return licence.status === 'active' && isExpired(licence, now) ? 'expired' : licence.status;
}

/** Whether an active site uses up one activation. Every site does, for now. */
export function countsAgainstLimit(_siteUrl: string): boolean {
  return true;
}

/** The activation count shown as count/limit. */
export function activationCount(activeSiteUrls: readonly string[]): number {
  return activeSiteUrls.filter(countsAgainstLimit).length;
}

/**
 * Whether `newSiteUrl` may be activated on a licence that already has `activeSiteUrls` (none of them
 * the same site: the caller handles a repeat as a no-op). Null means yes.
 */
export function refuseActivation(
  licence: ActivationLicence,
  activeSiteUrls: readonly string[],
  newSiteUrl: string,
  now: Date,
): ActivationRefusal | null {
  if (isExpired(licence, now)) return 'expired';
  if (!activatableStatuses.has(licence.status)) return 'not_active';
  if (licence.activationLimit === null || !countsAgainstLimit(newSiteUrl)) return null;
  return activationCount(activeSiteUrls) >= licence.activationLimit ? 'limit_reached' : null;
}
