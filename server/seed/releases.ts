import { createHash } from 'node:crypto';
import { allProducts } from '../../shared/catalogue';
import type { Database } from '../db';
import { releaseArchives, releases } from '../db/schema';
import { generatedVersion, packageEntries, productPackage } from '../downloads/packages';
import { createZip } from '../downloads/zip';

/** When the seeded releases say they were published: fixed, so seeding twice changes nothing. */
const seededAt = new Date(Date.UTC(2026, 0, 1));

/**
 * A first stable release (fully rolled out) of every product that has files, so updates and downloads
 * have something to serve before the vendor publishes: the small installable package the portal used
 * to generate. A product with any release of its own is left alone.
 */
export async function seedReleases(db: Database): Promise<void> {
  const existing = new Set(
    (await db.select({ id: releases.downloadId }).from(releases)).map((row) => row.id),
  );
  for (const product of allProducts) {
    const pkg = productPackage(product.downloadId);
    if (!pkg || product.kind === 'bundle' || existing.has(product.downloadId)) continue;
    const bytes = createZip(packageEntries(pkg, generatedVersion), seededAt);
    const [release] = await db
      .insert(releases)
      .values({
        downloadId: product.downloadId,
        version: generatedVersion,
        channel: 'stable',
        changelog: 'First release.',
        requires: '6.0',
        tested: '6.8',
        requiresPhp: '7.4',
        rolloutPercent: 100,
        fileName: pkg.fileName,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        publishedAt: seededAt,
      })
      .onConflictDoNothing()
      .returning({ id: releases.id });
    if (release) await db.insert(releaseArchives).values({ releaseId: release.id, bytes });
  }
}
