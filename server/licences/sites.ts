import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { licences, productTiers, sites } from '../db/schema';
import { type ActivationRefusal, kindOfNewSite, refuseActivation } from './activation';
import { normaliseSiteUrl, siteKey } from './site-url';

export interface SiteChange {
  userId: number;
  paymentId: number;
  licenceId: number;
  url: string;
}

export type AddSiteOutcome = 'added' | 'already_active' | 'not_found' | 'invalid_url' | ActivationRefusal;
export type RemoveSiteOutcome = 'removed' | 'not_found' | 'site_not_found';

/**
 * Locks the caller's licence row for the rest of the transaction (`FOR UPDATE`): concurrent changes to
 * one licence's sites run one after the other, so the count read below is still true at the insert.
 * Another user's licence, or one of another purchase, is simply not found.
 */
async function lockLicence(tx: Database, change: SiteChange) {
  const [licence] = await tx
    .select()
    .from(licences)
    .where(
      and(
        eq(licences.id, change.licenceId),
        eq(licences.userId, change.userId),
        eq(licences.paymentId, change.paymentId),
      ),
    )
    .for('update');
  return licence ?? null;
}

async function activeSites(tx: Database, licenceId: number) {
  return tx
    .select({ id: sites.id, url: sites.url, kind: sites.kind })
    .from(sites)
    .where(and(eq(sites.licenceId, licenceId), isNull(sites.deactivatedAt)));
}

/** The tier's switch for free staging sites; on when the tier is gone (the column's default). */
async function stagingSitesFree(tx: Database, licence: { downloadId: number; priceId: number }) {
  const [tier] = await tx
    .select({ free: productTiers.stagingSitesFree })
    .from(productTiers)
    .where(and(eq(productTiers.downloadId, licence.downloadId), eq(productTiers.priceId, licence.priceId)));
  return tier?.free ?? true;
}

/**
 * Activates a site on a licence, atomically: never beyond the activation limit (nor the staging
 * allowance) however many requests race, and a site already active (by siteKey) is not added twice.
 */
export function addSite(db: Database, change: SiteChange, now: Date): Promise<AddSiteOutcome> {
  const url = normaliseSiteUrl(change.url);
  const key = siteKey(change.url);
  if (url === null || key === null) return Promise.resolve('invalid_url');
  return db.transaction(async (tx) => {
    const licence = await lockLicence(tx, change);
    if (!licence) return 'not_found';
    const active = await activeSites(tx, licence.id);
    if (active.some((site) => siteKey(site.url) === key)) return 'already_active';
    const kind = kindOfNewSite(url, await stagingSitesFree(tx, licence));
    const refusal = refuseActivation(licence, active, kind, now);
    if (refusal) return refusal;
    await tx.insert(sites).values({ licenceId: licence.id, url, kind, activatedAt: now });
    if (licence.status === 'inactive') {
      await tx.update(licences).set({ status: 'active' }).where(eq(licences.id, licence.id));
    }
    return 'added';
  });
}

/** Deactivates a site (kept for the reports, no longer counted). The URL matches by siteKey. */
export function removeSite(db: Database, change: SiteChange, now: Date): Promise<RemoveSiteOutcome> {
  const key = siteKey(change.url);
  return db.transaction(async (tx) => {
    const licence = await lockLicence(tx, change);
    if (!licence) return 'not_found';
    const matching = (await activeSites(tx, licence.id)).filter((site) => siteKey(site.url) === key);
    if (key === null || matching.length === 0) return 'site_not_found';
    for (const site of matching) {
      await tx
        .update(sites)
        .set({ deactivatedAt: now, deactivationReason: 'Deactivated by the customer' })
        .where(eq(sites.id, site.id));
    }
    return 'removed';
  });
}
