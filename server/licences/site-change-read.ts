import { and, eq, sql } from 'drizzle-orm';
import type { SiteKind } from '../../shared/licences/site-kind';
import type { Database } from '../db';
import { preparedPerDatabase } from '../db/prepared';
import { licences, paymentItems, products, productTiers, sites } from '../db/schema';
import { licenceProductColumns, tierOfLicence } from './records';
import type { LicenceSites } from './site-change-plan';
import type { SiteChange } from './sites';

/** JSON has no dates: a site's activation time arrives as the timestamp's ISO text. */
interface StoredSite {
  id: number;
  url: string;
  kind: SiteKind;
  activatedAt: string;
}

/**
 * The caller's licence and its active sites oldest first, in one consistent read without a lock (what a
 * removal decides on). Another user's licence, or one of another
 * purchase, is not found.
 */
const licenceSites = preparedPerDatabase((db) =>
  db
    .select({
      ...licenceProductColumns,
      active: sql<StoredSite[]>`coalesce((
        select json_agg(json_build_object('id', ${sites.id}, 'url', ${sites.url}, 'kind', ${sites.kind},
          'activatedAt', ${sites.activatedAt}) order by ${sites.activatedAt}, ${sites.id})
        from ${sites} where ${sites.licenceId} = ${licences.id} and ${sites.deactivatedAt} is null), '[]'::json)`,
    })
    .from(licences)
    .innerJoin(products, eq(products.downloadId, licences.downloadId))
    .leftJoin(paymentItems, eq(paymentItems.id, licences.paymentItemId))
    .leftJoin(productTiers, tierOfLicence)
    .where(
      and(
        eq(licences.id, sql.placeholder('licenceId')),
        eq(licences.userId, sql.placeholder('userId')),
        eq(licences.paymentId, sql.placeholder('paymentId')),
      ),
    )
    .prepare('licence_sites'),
);

export async function readLicenceSites(db: Database, change: SiteChange): Promise<LicenceSites | null> {
  const [row] = await licenceSites(db).execute({
    licenceId: change.licenceId,
    userId: change.userId,
    paymentId: change.paymentId,
  });
  if (!row) return null;
  const { active, ...licence } = row;
  return { ...licence, active: active.map((site) => ({ ...site, activatedAt: new Date(site.activatedAt) })) };
}
