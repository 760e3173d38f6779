import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { licences, paymentItems, products, productTiers, sites } from '../db/schema';
import { licenceProductColumns, tierOfLicence } from './records';
import { planAdd, recordAfterAdd, recordOf } from './site-change-plan';
import type { AddSiteOutcome, SiteChange, SiteChangeResult } from './sites';

/**
 * Adds a site in one transaction: `SELECT … FOR UPDATE` on the licence, decide, insert. Concurrent
 * additions to one licence queue on its row lock, so each decides on the sites the previous one left
 * and the activation limit (and the staging allowance) holds however many race; additions to different
 * licences never wait for each other. `url` and `key` are already normalised (site-url.ts).
 */
export function addSiteLocked(
  db: Database,
  change: SiteChange,
  url: string,
  key: string,
  now: Date,
): Promise<SiteChangeResult<AddSiteOutcome>> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select(licenceProductColumns)
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
    if (!locked) return { outcome: 'not_found', record: null };
    // A statement of its own after the lock: in READ COMMITTED it takes a fresh snapshot, so it sees
    // every site a transaction that held the lock before this one committed.
    const active = await tx
      .select({ id: sites.id, url: sites.url, kind: sites.kind, activatedAt: sites.activatedAt })
      .from(sites)
      .where(and(eq(sites.licenceId, locked.licence.id), isNull(sites.deactivatedAt)))
      .orderBy(asc(sites.activatedAt), asc(sites.id));
    const state = { ...locked, active };
    const plan = planAdd(state, url, key, now);
    if (plan.outcome !== 'add') return { outcome: plan.outcome, record: recordOf(state) };
    await tx.insert(sites).values({ licenceId: locked.licence.id, ...plan.site, activatedAt: now });
    // A fresh licence becomes active with its first site.
    if (locked.licence.status === 'inactive') {
      await tx.update(licences).set({ status: 'active' }).where(eq(licences.id, locked.licence.id));
    }
    return { outcome: 'added', record: recordAfterAdd(state, plan.site, now) };
  });
}
