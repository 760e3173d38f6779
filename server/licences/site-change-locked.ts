import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { licences, paymentItems, products, productTiers, sites } from '../db/schema';
import { licenceProductColumns, tierOfLicence } from './records';
import type { LicenceSites, NewSite } from './site-change-plan';
import type { SiteChange } from './sites';

/**
 * A site change inside a transaction that holds the licence's row lock (`FOR UPDATE OF licences`) from
 * the read to the commit: concurrent additions to one licence run one after the other, so the count
 * read is still true at the insert. The fallback of sites.ts when guarded additions keep meeting
 * concurrent ones: it never has to decide again.
 */
export function changeUnderLock<Result>(
  db: Database,
  change: SiteChange,
  apply: (tx: Database, state: LicenceSites | null) => Promise<Result>,
): Promise<Result> {
  return db.transaction(async (tx) => apply(tx, await lockedState(tx, change)));
}

async function lockedState(tx: Database, change: SiteChange): Promise<LicenceSites | null> {
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
  if (!locked) return null;
  // A statement of its own after the lock: in READ COMMITTED it takes a fresh snapshot, so it sees
  // every site a transaction that held the lock before us committed.
  const active = await tx
    .select({ id: sites.id, url: sites.url, kind: sites.kind, activatedAt: sites.activatedAt })
    .from(sites)
    .where(and(eq(sites.licenceId, locked.licence.id), isNull(sites.deactivatedAt)))
    .orderBy(asc(sites.activatedAt), asc(sites.id));
  return { ...locked, active };
}

export async function insertSiteLocked(
  tx: Database,
  state: LicenceSites,
  site: NewSite,
  now: Date,
): Promise<void> {
  await tx.insert(sites).values({ licenceId: state.licence.id, ...site, activatedAt: now });
  if (state.licence.status === 'inactive') {
    await tx.update(licences).set({ status: 'active' }).where(eq(licences.id, state.licence.id));
  }
}
