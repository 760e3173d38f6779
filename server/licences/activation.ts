import { acceptsSites } from '../../shared/licences/activatable';
import { type SiteKind, siteKind } from '../../shared/licences/site-kind';

/**
 * The activation rules of a licence, in one place: which sites count against the limit and whether one
 * more may be added. Staging and local sites are free of the limit (issue 17), within an allowance.
 */

export interface ActivationLicence {
  status: string;
  /** Null: lifetime. */
  expiresAt: Date | null;
  /** Null: unlimited. */
  activationLimit: number | null;
}

export type ActivationRefusal = 'expired' | 'not_active' | 'limit_reached' | 'staging_limit_reached';

/** An active site as the rules see it: its kind was fixed when it was activated. */
export interface ActiveSite {
  url: string;
  kind: SiteKind;
}

/** Free staging and local sites per production site, so they cannot stand in for activations. */
export const nonProductionPerProduction = 3;

/** Expired by status or by date: an 'active' row past its expiry is expired all the same. */
export function isExpired(licence: Pick<ActivationLicence, 'status' | 'expiresAt'>, now: Date): boolean {
  return licence.status === 'expired' || (licence.expiresAt !== null && licence.expiresAt <= now);
}

/** The status to show: the stored one, or 'expired' once the expiry date has passed. */
export function effectiveStatus(licence: Pick<ActivationLicence, 'status' | 'expiresAt'>, now: Date): string {
  return licence.status === 'active' && isExpired(licence, now) ? 'expired' : licence.status;
}

/** The kind a new site is stored with: a tier that switched the feature off has production sites only. */
export function kindOfNewSite(siteUrl: string, stagingSitesFree: boolean): SiteKind {
  return stagingSitesFree ? siteKind(siteUrl) : 'production';
}

/** Whether an active site uses up one activation: production sites do, staging and local ones do not. */
export function countsAgainstLimit(kind: SiteKind): boolean {
  return kind === 'production';
}

/** The activation count shown as count/limit: production sites only. */
export function activationCount(activeSites: readonly Pick<ActiveSite, 'kind'>[]): number {
  return activeSites.filter((site) => countsAgainstLimit(site.kind)).length;
}

/**
 * How many staging and local sites a licence may have. A licence with no production site yet still gets
 * one production site's allowance: a site is usually built locally or on staging before it goes live.
 */
function nonProductionAllowance(productionCount: number): number {
  return nonProductionPerProduction * Math.max(1, productionCount);
}

/**
 * Whether a site of `newKind` may be activated on a licence that already has `activeSites` (none of them
 * the same site: the caller handles a repeat as a no-op). Null means yes. An unlimited licence has no
 * activations to protect, so its staging and local sites are not capped either.
 */
export function refuseActivation(
  licence: ActivationLicence,
  activeSites: readonly Pick<ActiveSite, 'kind'>[],
  newKind: SiteKind,
  now: Date,
): ActivationRefusal | null {
  if (isExpired(licence, now)) return 'expired';
  if (!acceptsSites(licence.status)) return 'not_active';
  if (licence.activationLimit === null) return null;
  const production = activationCount(activeSites);
  if (countsAgainstLimit(newKind)) return production >= licence.activationLimit ? 'limit_reached' : null;
  const nonProduction = activeSites.length - production;
  return nonProduction >= nonProductionAllowance(production) ? 'staging_limit_reached' : null;
}
