import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { type LicenceStatus, licences, paymentItems, products, productTiers, sites } from '../db/schema';
import { type ActivationRefusal, type ActiveSite, kindOfNewSite, refuseActivation } from './activation';
import { type LicenceRecord, tierOfLicence } from './records';
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
 * What a change did, and the licence with its sites as the change left them (null when the licence was
 * not found or the URL is no site): the answer is built from the rows the transaction read and wrote
 * under the licence's lock, so it costs no read after the commit.
 */
export interface SiteChangeResult<Outcome> {
  outcome: Outcome;
  record: LicenceRecord | null;
}

/**
 * Locks the caller's licence row for the rest of the transaction (`FOR UPDATE OF licences`), with the
 * names and the tier's staging switch the answer needs: concurrent changes to one licence's sites run one
 * after the other, so the sites read next are still true at the write. Another user's licence, or one of
 * another purchase, is simply not found.
 */
async function lockLicence(tx: Database, change: SiteChange) {
  const [locked] = await tx
    .select({
      licence: licences,
      productName: products.name,
      kind: products.kind,
      priceName: paymentItems.priceName,
      stagingSitesFree: productTiers.stagingSitesFree,
    })
    .from(licences)
    .innerJoin(products, eq(products.downloadId, licences.downloadId))
    .leftJoin(paymentItems, eq(paymentItems.id, licences.paymentItemId))
    .leftJoin(productTiers, tierOfLicence)
    .where(
      and(
        eq(licences.id, change.licenceId),
        eq(licences.userId, change.userId),
        eq(licences.paymentId, change.paymentId),
      ),
    )
    .for('update', { of: licences });
  return locked ?? null;
}

type Locked = NonNullable<Awaited<ReturnType<typeof lockLicence>>>;

/**
 * The licence's active sites, oldest first. A statement of its own after the lock: in READ COMMITTED it
 * takes a fresh snapshot, so it sees every site a transaction that held the lock before us committed.
 */
async function activeSites(tx: Database, licenceId: number) {
  return tx
    .select({ id: sites.id, url: sites.url, kind: sites.kind, activatedAt: sites.activatedAt })
    .from(sites)
    .where(and(eq(sites.licenceId, licenceId), isNull(sites.deactivatedAt)))
    .orderBy(asc(sites.activatedAt), asc(sites.id));
}

function recordOf(locked: Locked, status: LicenceStatus, active: readonly ActiveSite[]): LicenceRecord {
  return {
    licence: { ...locked.licence, status },
    productName: locked.productName,
    kind: locked.kind,
    priceName: locked.priceName ?? '',
    stagingSitesFree: locked.stagingSitesFree,
    sites: active.map(({ url, kind }) => ({ url, kind })),
  };
}

/**
 * Activates a site on a licence, atomically: never beyond the activation limit (nor the staging
 * allowance) however many requests race, and a site already active (by siteKey) is not added twice.
 */
export async function addSite(
  db: Database,
  change: SiteChange,
  now: Date,
): Promise<SiteChangeResult<AddSiteOutcome>> {
  const url = normaliseSiteUrl(change.url);
  const key = siteKey(change.url);
  if (url === null || key === null) return { outcome: 'invalid_url', record: null };
  return db.transaction(async (tx) => {
    const locked = await lockLicence(tx, change);
    if (!locked) return { outcome: 'not_found', record: null };
    const { licence } = locked;
    const active = await activeSites(tx, licence.id);
    if (active.some((site) => siteKey(site.url) === key)) {
      return { outcome: 'already_active', record: recordOf(locked, licence.status, active) };
    }
    // The tier's switch for free staging sites is on when the tier is gone (the column's default).
    const kind = kindOfNewSite(url, locked.stagingSitesFree ?? true);
    const refusal = refuseActivation(licence, active, kind, now);
    if (refusal) return { outcome: refusal, record: recordOf(locked, licence.status, active) };
    await tx.insert(sites).values({ licenceId: licence.id, url, kind, activatedAt: now });
    // A fresh licence is 'inactive' until its first site.
    const status: LicenceStatus = licence.status === 'inactive' ? 'active' : licence.status;
    if (status !== licence.status) {
      await tx.update(licences).set({ status }).where(eq(licences.id, licence.id));
    }
    // Newest last, as the sites are read back (activated_at, then id): `now` is the latest activation
    // unless a request that started later took the lock first, which sorts before it.
    const later = active.filter((site) => site.activatedAt > now);
    const earlier = active.filter((site) => site.activatedAt <= now);
    return { outcome: 'added', record: recordOf(locked, status, [...earlier, { url, kind }, ...later]) };
  });
}

/** Deactivates a site (kept for the reports, no longer counted). The URL matches by siteKey. */
export async function removeSite(
  db: Database,
  change: SiteChange,
  now: Date,
): Promise<SiteChangeResult<RemoveSiteOutcome>> {
  const key = siteKey(change.url);
  return db.transaction(async (tx) => {
    const locked = await lockLicence(tx, change);
    if (!locked) return { outcome: 'not_found', record: null };
    const active = await activeSites(tx, locked.licence.id);
    const matching = active.filter((site) => siteKey(site.url) === key);
    if (key === null || matching.length === 0) {
      return { outcome: 'site_not_found', record: recordOf(locked, locked.licence.status, active) };
    }
    await tx
      .update(sites)
      .set({ deactivatedAt: now, deactivationReason: 'Deactivated by the customer' })
      .where(
        inArray(
          sites.id,
          matching.map((site) => site.id),
        ),
      );
    const left = active.filter((site) => !matching.includes(site));
    return { outcome: 'removed', record: recordOf(locked, locked.licence.status, left) };
  });
}
