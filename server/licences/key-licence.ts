import { and, eq, or, sql } from 'drizzle-orm';
import type { SiteKind } from '../../shared/licences/site-kind';
import type { Database } from '../db';
import { preparedPerDatabase } from '../db/prepared';
import { licences, products, sites, users } from '../db/schema';
import type { LicenceRow } from './records';

/** An active site as the licence APIs read it: with the versions its plugin last reported. */
export interface KeySite {
  id: number;
  url: string;
  kind: SiteKind;
  platformVersion: string | null;
  runtimeVersion: string | null;
  pluginVersion: string | null;
  language: string | null;
}

/** A licence found by its key for one item, with what the licence APIs answer about it. */
export interface KeyLicence {
  licence: LicenceRow;
  productName: string;
  productKind: string;
  customerName: string;
  customerEmail: string;
  sites: KeySite[];
}

const keyParam = sql.placeholder('key');

/** A licence with its product, owner and active sites (with their reported versions). */
function selectKeyLicence(db: Database) {
  return db
    .select({
      licence: licences,
      productName: products.name,
      productKind: products.kind,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      customerEmail: users.email,
      sites: sql<KeySite[]>`coalesce((
        select json_agg(json_build_object('id', ${sites.id}, 'url', ${sites.url}, 'kind', ${sites.kind},
          'platformVersion', ${sites.platformVersion}, 'runtimeVersion', ${sites.runtimeVersion},
          'pluginVersion', ${sites.pluginVersion}, 'language', ${sites.language})
          order by ${sites.activatedAt}, ${sites.id})
        from ${sites} where ${sites.licenceId} = ${licences.id} and ${sites.deactivatedAt} is null), '[]'::json)`,
    })
    .from(licences)
    .innerJoin(products, eq(products.downloadId, licences.downloadId))
    .innerJoin(users, eq(users.id, licences.userId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectKeyLicence>['execute']>>[number];

function toKeyLicence({ displayName, firstName, lastName, ...found }: Selected): KeyLicence {
  const fullName = `${firstName} ${lastName}`.trim();
  return { ...found, customerName: displayName || fullName };
}

/**
 * The licence a key stands for on one item, in one round trip: the key's own licence when it is for
 * that item, or, for a bundle's key, the bundle's child licence for that item (a bundle's key is valid
 * for each of its products). Any other key, or a key of another item, finds nothing.
 */
const licenceForItem = preparedPerDatabase((db) =>
  selectKeyLicence(db)
    .where(
      and(
        eq(licences.downloadId, sql.placeholder('downloadId')),
        or(
          eq(licences.key, keyParam),
          sql`${licences.parentLicenceId} = (select parent.id from licences parent where parent.key = ${keyParam})`,
        ),
      ),
    )
    .limit(1)
    .prepare('licence_for_item'),
);

const licenceById = preparedPerDatabase((db) =>
  selectKeyLicence(db)
    .where(eq(licences.id, sql.placeholder('id')))
    .prepare('key_licence_by_id'),
);

/** The licence a signed package link names, as the licence APIs read it. */
export async function licenceWithSites(db: Database, id: number): Promise<KeyLicence | null> {
  const [row] = await licenceById(db).execute({ id });
  return row ? toKeyLicence(row) : null;
}

export async function licenceForKey(
  db: Database,
  key: string,
  downloadId: number,
): Promise<KeyLicence | null> {
  const [row] = await licenceForItem(db).execute({ key, downloadId });
  return row ? toKeyLicence(row) : null;
}
