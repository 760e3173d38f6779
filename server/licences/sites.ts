import { and, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { preparedPerDatabase } from '../db/prepared';
import { sites } from '../db/schema';
import type { ActivationRefusal } from './activation';
import type { LicenceRecord } from './records';
import { addSiteLocked } from './site-add';
import { planRemove, recordAfterRemove, recordOf } from './site-change-plan';
import { readLicenceSites } from './site-change-read';
import { normaliseSiteUrl, siteKey } from './site-url';

export interface SiteChange {
  userId: number;
  paymentId: number;
  licenceId: number;
  url: string;
  /** Why a site is deactivated, as the reports show it; the portal's own removals by default. */
  reason?: string;
}

const customerRemoval = 'Deactivated by the customer';

export type AddSiteOutcome = 'added' | 'already_active' | 'not_found' | 'invalid_url' | ActivationRefusal;
export type RemoveSiteOutcome = 'removed' | 'not_found' | 'site_not_found';

/**
 * What a change did, and the licence with its sites as the change left them (null when the licence was
 * not found or the URL is no site): built from the rows the change read and wrote, so it costs no read
 * after the write.
 */
export interface SiteChangeResult<Outcome> {
  outcome: Outcome;
  record: LicenceRecord | null;
}

/** Deactivates the given sites still active; answers the ids it deactivated. */
const deactivateSites = preparedPerDatabase((db) =>
  db
    .update(sites)
    .set({
      deactivatedAt: sql`${sql.placeholder('now')}::timestamptz`,
      deactivationReason: sql`${sql.placeholder('reason')}::text`,
    })
    .where(and(sql`${sites.id} = any(${sql.placeholder('siteIds')})`, isNull(sites.deactivatedAt)))
    .returning({ id: sites.id })
    .prepare('deactivate_sites'),
);

/**
 * Activates a site on a licence: never beyond the activation limit (nor the staging allowance) however
 * many requests race, and a site already active (by siteKey) is not added twice (site-add.ts).
 */
export async function addSite(
  db: Database,
  change: SiteChange,
  now: Date,
): Promise<SiteChangeResult<AddSiteOutcome>> {
  const url = normaliseSiteUrl(change.url);
  const key = siteKey(change.url);
  if (url === null || key === null) return { outcome: 'invalid_url', record: null };
  return addSiteLocked(db, change, url, key, now);
}

/**
 * Deactivates a site (kept for the reports, no longer counted); the URL matches by siteKey. No lock:
 * a removal only frees room, so it cannot break a limit an addition checked (an addition counts the room
 * under the licence's lock, so a staging allowance that shrank with a production site is seen), and
 * a site two removals race for is deactivated once (`deactivated_at is null`): the later one finds it
 * gone.
 */
export async function removeSite(
  db: Database,
  change: SiteChange,
  now: Date,
): Promise<SiteChangeResult<RemoveSiteOutcome>> {
  const state = await readLicenceSites(db, change);
  if (!state) return { outcome: 'not_found', record: null };
  const plan = planRemove(state, siteKey(change.url));
  if (plan.outcome !== 'remove') return { outcome: plan.outcome, record: recordOf(state) };
  const deactivated = await deactivateSites(db).execute({
    siteIds: plan.siteIds,
    now: now.toISOString(),
    reason: change.reason ?? customerRemoval,
  });
  // None left to deactivate: a concurrent removal of the same site came first.
  return {
    outcome: deactivated.length === 0 ? 'site_not_found' : 'removed',
    record: recordAfterRemove(state, plan.siteIds),
  };
}
