import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { License } from '../../shared/schemas/licences';
import type { Database } from '../db';
import { licences, paymentItems, payments, products, productTiers, sites } from '../db/schema';
import { type ActiveSite, activationCount, effectiveStatus } from './activation';
import { renewalLink } from './links';
import { upgradesFor } from './upgrades';

export type LicenceRow = typeof licences.$inferSelect;

/** A licence with what the API shows about it: product and tier names and the active sites. */
export interface LicenceRecord {
  licence: LicenceRow;
  productName: string;
  kind: string;
  priceName: string;
  sites: ActiveSite[];
  /** The tier's switch (issue 17); null when the tier is gone, which counts as on like the default. */
  stagingSitesFree: boolean | null;
}

/** Purchases whose products are the customer's to use: refunded, failed or pending ones are not. */
export const usablePaymentStatus = 'complete';

const licenceColumns = {
  licence: licences,
  productName: products.name,
  kind: products.kind,
  priceName: paymentItems.priceName,
  stagingSitesFree: productTiers.stagingSitesFree,
};

const tierOfLicence = and(
  eq(productTiers.downloadId, licences.downloadId),
  eq(productTiers.priceId, licences.priceId),
);

async function activeSitesOf(db: Database, licenceIds: number[]): Promise<Map<number, ActiveSite[]>> {
  const byLicence = new Map<number, ActiveSite[]>(licenceIds.map((id) => [id, []]));
  if (licenceIds.length === 0) return byLicence;
  const rows = await db
    .select({ licenceId: sites.licenceId, url: sites.url, kind: sites.kind })
    .from(sites)
    .where(and(inArray(sites.licenceId, licenceIds), isNull(sites.deactivatedAt)))
    .orderBy(asc(sites.activatedAt), asc(sites.id));
  for (const row of rows) byLicence.get(row.licenceId)?.push({ url: row.url, kind: row.kind });
  return byLicence;
}

type Selected = {
  licence: LicenceRow;
  productName: string;
  kind: string;
  priceName: string | null;
  stagingSitesFree: boolean | null;
};

async function withSites(db: Database, rows: Selected[]): Promise<LicenceRecord[]> {
  const sitesById = await activeSitesOf(
    db,
    rows.map((row) => row.licence.id),
  );
  return rows.map((row) => ({
    licence: row.licence,
    productName: row.productName,
    kind: row.kind,
    priceName: row.priceName ?? '',
    sites: sitesById.get(row.licence.id) ?? [],
    stagingSitesFree: row.stagingSitesFree,
  }));
}

/** spec §3 License as the API answers it. */
export function toLicense(record: LicenceRecord, origin: string, now: Date): License {
  const { licence } = record;
  return {
    license_id: licence.id,
    license_key: licence.key,
    payment_id: licence.paymentId,
    download_id: licence.downloadId,
    price_id: licence.priceId,
    name: record.productName,
    status: effectiveStatus(licence, now),
    limit: licence.activationLimit,
    activation_count: activationCount(record.sites),
    expiration: licence.expiresAt === null ? 'lifetime' : Math.floor(licence.expiresAt.getTime() / 1000),
    sites: record.sites.map((site) => site.url),
    staging_sites_free: record.stagingSitesFree ?? true,
    site_kinds: Object.fromEntries(
      record.sites.filter((site) => site.kind !== 'production').map((site) => [site.url, site.kind]),
    ),
    has_upgrades: upgradesFor(licence, now).length > 0,
    renewal_link: renewalLink(origin, licence.key, licence.downloadId, licence.priceId),
  };
}

/** A purchase of this user (null for anyone else's: the caller answers 404) with all its licences. */
export async function purchaseWithLicences(db: Database, userId: number, paymentId: number) {
  const [payment] = await db
    .select({ id: payments.id, number: payments.number, status: payments.status })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  if (!payment) return null;
  const rows = await db
    .select(licenceColumns)
    .from(licences)
    .innerJoin(products, eq(products.downloadId, licences.downloadId))
    .leftJoin(paymentItems, eq(paymentItems.id, licences.paymentItemId))
    .leftJoin(productTiers, tierOfLicence)
    .where(and(eq(licences.paymentId, payment.id), eq(licences.userId, userId)))
    // The purchased licence first, then a bundle's child licences.
    .orderBy(sql`${licences.parentLicenceId} asc nulls first`, asc(licences.id));
  return { payment, records: await withSites(db, rows) };
}

/** One licence of this user, with its sites; null for an unknown or foreign id. */
export async function ownedLicence(
  db: Database,
  userId: number,
  licenceId: number,
): Promise<LicenceRecord | null> {
  const rows = await db
    .select(licenceColumns)
    .from(licences)
    .innerJoin(products, eq(products.downloadId, licences.downloadId))
    .leftJoin(paymentItems, eq(paymentItems.id, licences.paymentItemId))
    .leftJoin(productTiers, tierOfLicence)
    .where(and(eq(licences.id, licenceId), eq(licences.userId, userId)));
  const [record] = await withSites(db, rows);
  return record ?? null;
}

/**
 * My Products: the products bought in the user's complete purchases (a bundle counts once), newest
 * first; one page of them, or all without `paging`. Bundles come with their child licences.
 */
export async function productRecords(
  db: Database,
  userId: number,
  paging?: { page: number; perPage: number },
) {
  const where = and(
    eq(licences.userId, userId),
    eq(payments.userId, userId),
    isNull(licences.parentLicenceId),
    eq(payments.status, usablePaymentStatus),
  );
  const [totals] = await db
    .select({ total: count() })
    .from(licences)
    .innerJoin(payments, eq(payments.id, licences.paymentId))
    .where(where);
  const query = db
    .select(licenceColumns)
    .from(licences)
    .innerJoin(payments, eq(payments.id, licences.paymentId))
    .innerJoin(products, eq(products.downloadId, licences.downloadId))
    .leftJoin(paymentItems, eq(paymentItems.id, licences.paymentItemId))
    .leftJoin(productTiers, tierOfLicence)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(licences.id))
    .$dynamic();
  const rows = paging
    ? await query.limit(paging.perPage).offset((paging.page - 1) * paging.perPage)
    : await query;
  const records = await withSites(db, rows);
  return { total: totals?.total ?? 0, records, children: await childrenOf(db, records) };
}

/** The child licences of the bundles among `parents`, by parent id. */
export async function childrenOf(
  db: Database,
  parents: LicenceRecord[],
): Promise<Map<number, LicenceRecord[]>> {
  const bundleIds = parents.filter((p) => p.kind === 'bundle').map((p) => p.licence.id);
  const byParent = new Map<number, LicenceRecord[]>();
  if (bundleIds.length === 0) return byParent;
  const rows = await db
    .select(licenceColumns)
    .from(licences)
    .innerJoin(products, eq(products.downloadId, licences.downloadId))
    .leftJoin(paymentItems, eq(paymentItems.id, licences.paymentItemId))
    .leftJoin(productTiers, tierOfLicence)
    .where(inArray(licences.parentLicenceId, bundleIds))
    .orderBy(asc(licences.id));
  for (const record of await withSites(db, rows)) {
    const parentId = record.licence.parentLicenceId;
    if (parentId === null) continue;
    byParent.set(parentId, [...(byParent.get(parentId) ?? []), record]);
  }
  return byParent;
}
