import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { License } from '../../shared/schemas/licences';
import type { Database } from '../db';
import { preparedPerDatabase } from '../db/prepared';
import { licences, paymentItems, payments, products, productTiers, sites } from '../db/schema';
import { type ActiveSite, activationCount, effectiveStatus } from './activation';
import { renewalLink } from './links';
import { hasUpgradePath } from './upgrades';

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

/**
 * A licence's active sites, oldest first, as one JSON column of the licence's own row: a record and its
 * sites in one round trip. Read in the statement's snapshot, so never inside a locking read that must
 * see sites committed while it waited (sites.ts reads them with a statement of their own).
 */
const activeSitesColumn = sql<ActiveSite[]>`coalesce((
  select json_agg(json_build_object('url', ${sites.url}, 'kind', ${sites.kind}) order by ${sites.activatedAt}, ${sites.id})
  from ${sites} where ${sites.licenceId} = ${licences.id} and ${sites.deactivatedAt} is null), '[]'::json)`;

/** A licence with what its product, price and tier say of it (the joins of every licence read). */
export const licenceProductColumns = {
  licence: licences,
  productName: products.name,
  kind: products.kind,
  priceName: paymentItems.priceName,
  stagingSitesFree: productTiers.stagingSitesFree,
};

export const licenceColumns = { ...licenceProductColumns, sites: activeSitesColumn };

export const tierOfLicence = and(
  eq(productTiers.downloadId, licences.downloadId),
  eq(productTiers.priceId, licences.priceId),
);

type Selected = {
  licence: LicenceRow;
  productName: string;
  kind: string;
  priceName: string | null;
  stagingSitesFree: boolean | null;
  sites: ActiveSite[];
};

function toRecord({
  licence,
  productName,
  kind,
  priceName,
  stagingSitesFree,
  sites,
}: Selected): LicenceRecord {
  return { licence, productName, kind, priceName: priceName ?? '', stagingSitesFree, sites };
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
    has_upgrades: hasUpgradePath(licence),
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
  return { payment, records: rows.map(toRecord) };
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
  const [row] = rows;
  return row ? toRecord(row) : null;
}

const userIdParam = sql.placeholder('userId');
/** My Products' licences: bought in a complete purchase of the user's, bundles' children left out. */
const ownProduct = and(
  eq(licences.userId, userIdParam),
  eq(payments.userId, userIdParam),
  isNull(licences.parentLicenceId),
  eq(payments.status, usablePaymentStatus),
);

const productCount = preparedPerDatabase((db) =>
  db
    .select({ total: count() })
    .from(licences)
    .innerJoin(payments, eq(payments.id, licences.paymentId))
    .where(ownProduct)
    .prepare('product_count'),
);

/**
 * One page (`limit` null: all of them), newest purchase first, each row with the count of all of them
 * (counted before the limit), so a page with rows needs no second query for `X-WP-Total`.
 */
const productPage = preparedPerDatabase((db) =>
  db
    .select({ ...licenceColumns, total: sql<number>`(count(*) over ())::integer` })
    .from(licences)
    .innerJoin(payments, eq(payments.id, licences.paymentId))
    .innerJoin(products, eq(products.downloadId, licences.downloadId))
    .leftJoin(paymentItems, eq(paymentItems.id, licences.paymentItemId))
    .leftJoin(productTiers, tierOfLicence)
    .where(ownProduct)
    .orderBy(desc(payments.createdAt), desc(licences.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('product_page'),
);

/** The child licences of the given bundle licences (an id array), oldest first. */
const bundleChildren = preparedPerDatabase((db) =>
  db
    .select(licenceColumns)
    .from(licences)
    .innerJoin(products, eq(products.downloadId, licences.downloadId))
    .leftJoin(paymentItems, eq(paymentItems.id, licences.paymentItemId))
    .leftJoin(productTiers, tierOfLicence)
    .where(sql`${licences.parentLicenceId} = any(${sql.placeholder('parentIds')})`)
    .orderBy(asc(licences.id))
    .prepare('bundle_children'),
);

/**
 * My Products: the products bought in the user's complete purchases (a bundle counts once), newest
 * first; one page of them, or all without `paging`. Bundles come with their child licences.
 */
export async function productRecords(
  db: Database,
  userId: number,
  paging?: { page: number; perPage: number },
) {
  const rows = await productPage(db).execute({
    userId,
    limit: paging ? paging.perPage : null,
    offset: paging ? (paging.page - 1) * paging.perPage : 0,
  });
  // A page past the last one has no row to carry the count.
  const total = rows[0]?.total ?? (await productCount(db).execute({ userId }))[0]?.total ?? 0;
  const records = rows.map(toRecord);
  return { total, records, children: await childrenOf(db, records) };
}

/** The child licences of the bundles among `parents`, by parent id. */
async function childrenOf(db: Database, parents: LicenceRecord[]): Promise<Map<number, LicenceRecord[]>> {
  const bundleIds = parents.filter((p) => p.kind === 'bundle').map((p) => p.licence.id);
  const byParent = new Map<number, LicenceRecord[]>();
  if (bundleIds.length === 0) return byParent;
  const rows = await bundleChildren(db).execute({ parentIds: bundleIds });
  for (const record of rows.map(toRecord)) {
    const parentId = record.licence.parentLicenceId;
    if (parentId === null) continue;
    const siblings = byParent.get(parentId);
    if (siblings) siblings.push(record);
    else byParent.set(parentId, [record]);
  }
  return byParent;
}
