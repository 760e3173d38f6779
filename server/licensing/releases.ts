import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { preparedPerDatabase } from '../db/prepared';
import { type ReleaseChannel, releaseArchives, releases } from '../db/schema';
import { inRollout } from './rollout';
import { compareVersions } from './versions';

export type ReleaseRow = typeof releases.$inferSelect;

export interface ReleaseInput {
  downloadId: number;
  version: string;
  channel: ReleaseChannel;
  changelog: string;
  requires: string | null;
  tested: string | null;
  requiresPhp: string | null;
  rolloutPercent: number;
  fileName: string;
  bytes: Buffer;
}

export type PublishOutcome = { outcome: 'published'; release: ReleaseRow } | { outcome: 'exists' };

/** Stores a release and its zip together; a product's version is published once. */
export async function publishRelease(db: Database, input: ReleaseInput, now: Date): Promise<PublishOutcome> {
  const { bytes, ...fields } = input;
  return db.transaction(async (tx) => {
    const [release] = await tx
      .insert(releases)
      .values({
        ...fields,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        publishedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!release) return { outcome: 'exists' };
    await tx.insert(releaseArchives).values({ releaseId: release.id, bytes });
    return { outcome: 'published', release };
  });
}

export type RolloutOutcome = 'updated' | 'not_found' | 'lowered';

/** Raises a release's rollout; lowering would take the release from sites that have it, so it is refused. */
export async function raiseRollout(
  db: Database,
  releaseId: number,
  percent: number,
): Promise<RolloutOutcome> {
  const updated = await db
    .update(releases)
    .set({ rolloutPercent: percent })
    .where(and(eq(releases.id, releaseId), lte(releases.rolloutPercent, percent)))
    .returning({ id: releases.id });
  if (updated.length > 0) return 'updated';
  const [exists] = await db.select({ id: releases.id }).from(releases).where(eq(releases.id, releaseId));
  return exists ? 'lowered' : 'not_found';
}

const productReleases = preparedPerDatabase((db) =>
  db
    .select()
    .from(releases)
    .where(eq(releases.downloadId, sql.placeholder('downloadId')))
    .prepare('product_releases'),
);

export function releasesOf(db: Database, downloadId: number): Promise<ReleaseRow[]> {
  return productReleases(db).execute({ downloadId });
}

const newestFirst = (a: ReleaseRow, b: ReleaseRow) => compareVersions(b.version, a.version);

/**
 * The releases a site may have: stable ones (and betas when it asks for them) whose rollout includes
 * it. `newest` is what it is offered, `stable` the newest stable one among them.
 */
export function offeredReleases(
  list: readonly ReleaseRow[],
  site: { beta: boolean; licenceKey: string; siteKey: string },
): { newest: ReleaseRow | null; stable: ReleaseRow | null } {
  const open = list
    .filter((release) => release.channel === 'stable' || site.beta)
    .filter((release) => inRollout(release, site.licenceKey, site.siteKey))
    .sort(newestFirst);
  return { newest: open[0] ?? null, stable: open.find((release) => release.channel === 'stable') ?? null };
}

/** The release the portal's downloads serve: the newest stable release rolled out to every site. */
export function latestStable(list: readonly ReleaseRow[]): ReleaseRow | null {
  return (
    list
      .filter((release) => release.channel === 'stable' && release.rolloutPercent >= 100)
      .sort(newestFirst)[0] ?? null
  );
}

export async function releaseArchive(db: Database, releaseId: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: releaseArchives.bytes })
    .from(releaseArchives)
    .where(eq(releaseArchives.releaseId, releaseId));
  return row?.bytes ?? null;
}

export async function releaseById(db: Database, releaseId: number): Promise<ReleaseRow | null> {
  const [row] = await db.select().from(releases).where(eq(releases.id, releaseId));
  return row ?? null;
}

/** The zip the portal's Download buttons serve for a product, or null when it has no release. */
export async function latestStableArchive(
  db: Database,
  downloadId: number,
): Promise<{ release: ReleaseRow; bytes: Buffer } | null> {
  const release = latestStable(await releasesOf(db, downloadId));
  const bytes = release ? await releaseArchive(db, release.id) : null;
  return release && bytes ? { release, bytes } : null;
}
