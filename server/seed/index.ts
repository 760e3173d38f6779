import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import { appMeta } from '../db/schema';
import { seedCatalogue } from './catalogue';
import { seedDemoData } from './demo-data';
import { seedNews } from './news';
import { seedReleases } from './releases';

/** Any constant; it only has to be the same in every process seeding this database. */
const seedLockId = 7_301_943;

/** Bump to seed a new demo set into databases that already hold an older one. */
const demoSeedKey = 'seed:demo:v1';

export interface SeedResult {
  /** True when this run created the demo data, false when it was already there (or not wanted). */
  demoCreated: boolean;
}

/**
 * Seeds the database; safe to run on every start and from several processes at once. One transaction
 * under an advisory lock: the catalogue is upserted, and the demo data is created only by the run that
 * first records its marker row, so a second run adds nothing.
 */
export async function seedDatabase(db: Database, options: { demo: boolean }): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockId})`);
    await seedCatalogue(tx);
    await seedReleases(tx);
    if (!options.demo) return { demoCreated: false };
    const marked = await tx
      .insert(appMeta)
      .values({ key: demoSeedKey, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (marked.length === 0) return { demoCreated: false };
    await seedDemoData(tx);
    await seedNews(tx);
    return { demoCreated: true };
  });
}
