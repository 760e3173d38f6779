import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import { licences, sites } from '../db/schema';
import { nonProductionPerProduction } from './activation';
import type { NewSite } from './site-change-plan';
import type { LicenceSitesRead } from './site-change-read';
import { siteKey, storedFormsOf } from './site-url';

/** Both drivers answer `execute` with `{ rows }`. */
interface Rows {
  rows: unknown[];
}

/**
 * Adds a site decided on an unlocked read, in one statement, if the decision still holds:
 * `lock_licence_if_room` (migration 0009) takes the licence's row lock and checks afresh that the
 * licence row is the version read, that the site is not active yet and that there is room. Sites added
 * or removed meanwhile do not matter as long as the licence keeps room, so concurrent additions to one
 * licence rarely make a request decide again. False, with nothing written, when the decision no longer
 * holds: the caller decides again, and refuses with the reason if there is no room. A fresh licence
 * becomes 'active' with its first site in the same statement.
 */
export async function insertSiteIfRoom(
  db: Database,
  read: LicenceSitesRead,
  site: NewSite,
  now: Date,
): Promise<boolean> {
  const licenceId = read.state.licence.id;
  const sameSite = storedFormsOf(siteKey(site.url) ?? site.url);
  // The guard is an uncorrelated subquery: evaluated once, before the row is inserted.
  const result = (await db.execute(sql`with inserted as (
      insert into ${sites} (licence_id, url, kind, activated_at)
      select ${licenceId}, ${site.url}, ${site.kind}, ${now.toISOString()}::timestamptz
      where (select lock_licence_if_room(${licenceId}, ${read.rowVersion}, ${site.kind},
        ${sql.param(sameSite)}::text[], ${nonProductionPerProduction}))
      returning licence_id
    ), activated as (
      update ${licences} set status = 'active' from inserted
      where ${licences}.id = inserted.licence_id and ${licences}.status = 'inactive'
    )
    select licence_id from inserted`)) as unknown as Rows;
  return result.rows.length > 0;
}
