import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { sites } from '../db/schema';
import type { KeySite } from './key-licence';
import { siteKey, storedFormsOf } from './site-url';

/** What a plugin reports about its site with an activation or a check; each one optional. */
export interface SiteVersions {
  platformVersion?: string;
  runtimeVersion?: string;
  pluginVersion?: string;
  language?: string;
}

const fields = ['platformVersion', 'runtimeVersion', 'pluginVersion', 'language'] as const;

/**
 * Stores the versions a site reported, only those sent and only when they changed: a site checks
 * twice a day with the same versions, and an unchanged check costs no write. `known` is the site as
 * just read (a check); without it (right after an activation) the site is found by its URL.
 */
export async function recordSiteVersions(
  db: Database,
  licenceId: number,
  url: string,
  reported: SiteVersions,
  known?: KeySite,
): Promise<void> {
  const changed: SiteVersions = {};
  for (const field of fields) {
    const value = reported[field];
    if (value !== undefined && value !== known?.[field]) changed[field] = value;
  }
  if (Object.keys(changed).length === 0) return;
  const key = siteKey(url);
  if (key === null) return;
  const site = known
    ? eq(sites.id, known.id)
    : and(
        eq(sites.licenceId, licenceId),
        inArray(sites.url, storedFormsOf(key)),
        isNull(sites.deactivatedAt),
      );
  await db.update(sites).set(changed).where(site);
}
