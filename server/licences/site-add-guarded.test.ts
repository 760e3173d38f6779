import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import type { SiteKind } from '../../shared/licences/site-kind';
import type { DatabaseHandle } from '../db';
import { licences, sites, users } from '../db/schema';
import { seedDatabase } from '../seed';
import { createTestDatabase } from '../test-support/database';
import { nonProductionPerProduction } from './activation';
import { insertSiteIfRoom } from './site-add-guarded';
import { type LicenceSitesRead, readLicenceSites } from './site-change-read';
import type { SiteChange } from './sites';

let handle: DatabaseHandle;
let change: Omit<SiteChange, 'url'>;
const now = new Date();
let counter = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDatabase(handle.db, { demo: true });
  const [owned] = await handle.db
    .select({ licenceId: licences.id, paymentId: licences.paymentId, userId: licences.userId })
    .from(licences)
    .innerJoin(users, eq(users.id, licences.userId))
    .where(and(eq(users.email, 'customer@example.com'), eq(licences.downloadId, downloadIds.documentation)));
  if (!owned) throw new Error('the demo customer has no documentation licence');
  change = owned;
});
afterAll(() => handle?.close());

/** Each test starts from the demo licence's own sites, with room for `room` more production sites. */
async function reset(room: number) {
  await handle.db
    .update(sites)
    .set({ deactivatedAt: now })
    .where(and(eq(sites.licenceId, change.licenceId), isNull(sites.deactivatedAt)));
  const limit = room + 1;
  await handle.db.update(licences).set({ activationLimit: limit }).where(eq(licences.id, change.licenceId));
  await addDirectly('production');
}
beforeEach(() => reset(2));

async function read(): Promise<LicenceSitesRead> {
  const found = await readLicenceSites(handle.db, { ...change, url: '' });
  if (!found) throw new Error('licence not found');
  return found;
}

async function activeUrls(): Promise<string[]> {
  const rows = await handle.db
    .select({ url: sites.url })
    .from(sites)
    .where(and(eq(sites.licenceId, change.licenceId), isNull(sites.deactivatedAt)));
  return rows.map((row) => row.url);
}

/** A site written behind the guard's back, as another request or process would. */
async function addDirectly(
  kind: SiteKind,
  url = `https://${kind === 'production' ? '' : 'staging.'}direct-${++counter}.example.com`,
) {
  await handle.db.insert(sites).values({ licenceId: change.licenceId, url, kind, activatedAt: now });
  return url;
}

const production = (name: string) => ({ url: `https://${name}.example.com`, kind: 'production' as const });

describe('insertSiteIfRoom', () => {
  it('writes a site decided on a read nothing changed since', async () => {
    const site = production('guard-unchanged');
    expect(await insertSiteIfRoom(handle.db, await read(), site, now)).toBe(true);
    expect(await activeUrls()).toContain(site.url);
  });

  it('still writes when another site was added meanwhile and room is left', async () => {
    const stale = await read();
    await addDirectly('production');
    const site = production('guard-room-left');
    expect(await insertSiteIfRoom(handle.db, stale, site, now)).toBe(true);
    expect(await activeUrls()).toContain(site.url);
  });

  it('writes nothing when the last room was taken meanwhile', async () => {
    await reset(1);
    const stale = await read();
    await addDirectly('production');
    const site = production('guard-no-room');
    expect(await insertSiteIfRoom(handle.db, stale, site, now)).toBe(false);
    expect(await activeUrls()).not.toContain(site.url);
  });

  it('writes nothing when the same site, in another form, was added meanwhile', async () => {
    const stale = await read();
    await addDirectly('production', 'http://www.guard-same.example.com');
    const site = production('guard-same');
    expect(await insertSiteIfRoom(handle.db, stale, site, now)).toBe(false);
    expect(await activeUrls()).not.toContain(site.url);
  });

  it('writes nothing when the licence row changed after the read (its limit, status or expiry)', async () => {
    const stale = await read();
    await handle.db.update(licences).set({ activationLimit: 10 }).where(eq(licences.id, change.licenceId));
    const site = production('guard-row-changed');
    expect(await insertSiteIfRoom(handle.db, stale, site, now)).toBe(false);
    expect(await activeUrls()).not.toContain(site.url);
  });

  it('writes no staging site once the staging allowance was used up meanwhile', async () => {
    // One production site: its allowance, less one, is already used.
    for (let i = 1; i < nonProductionPerProduction; i++) await addDirectly('staging');
    const stale = await read();
    await addDirectly('staging');
    const site = { url: 'https://staging.guard-allowance.example.com', kind: 'staging' as const };
    expect(await insertSiteIfRoom(handle.db, stale, site, now)).toBe(false);
    expect(await activeUrls()).not.toContain(site.url);
  });
});
