import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../server/db/schema';
import { packageEntries, productPackage } from '../../server/downloads/packages';
import { createZip } from '../../server/downloads/zip';
import { publishRelease } from '../../server/licensing/releases';
import { createTestApp, type TestApp } from '../../server/test-support/app';
import { createLicence } from '../../server/test-support/licences';
import { downloadIds } from '../../shared/catalogue';
import { recordFigures } from './support/figures';

/**
 * Issue 28 staged rollout: a release at 20 % over 1,000 simulated sites is offered by `get_version` to
 * 200 ± 30 of them, and to the same ones on every call.
 */
let t: TestApp;

beforeAll(async () => {
  // Every simulated site calls from this one address with one key: the limits are not what is measured.
  t = await createTestApp({ licensingRateLimit: { perIp: 1_000_000, perKey: 1_000_000, windowSeconds: 60 } });
});
afterAll(() => t?.close());

describe('staged rollout through get_version', () => {
  it('offers a 20 % release to 200 ± 30 of 1,000 sites, the same sites on every call', async () => {
    const total = 1000;
    const licence = await createLicence(t.handle.db, {
      email: 'customer@example.com',
      downloadId: downloadIds.links,
      activationLimit: null,
      status: 'active',
      // A fixed key makes the sites' buckets the same on every run: with a random key the count is a
      // random draw (σ ≈ 12.6) and falls outside 200 ± 30 about once in fifty runs.
      key: 'rollout-proof-licence-key-000001',
    });
    const urls = Array.from({ length: total }, (_, index) => `https://site-${index}.rollout-proof.com`);
    await t.handle.db.insert(sites).values(urls.map((url) => ({ licenceId: licence.id, url })));
    const pkg = productPackage(downloadIds.links);
    if (!pkg) throw new Error('no package');
    await publishRelease(
      t.handle.db,
      {
        downloadId: downloadIds.links,
        version: '2.0.0',
        channel: 'stable',
        changelog: 'Staged.',
        requires: null,
        tested: null,
        requiresPhp: null,
        rolloutPercent: 20,
        fileName: pkg.fileName,
        bytes: createZip(packageEntries(pkg, '2.0.0'), new Date()),
      },
      new Date(),
    );
    const offered = async () => {
      const chosen: string[] = [];
      for (const url of urls) {
        const response = await t.app.request('/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            edd_action: 'get_version',
            license: licence.key,
            item_id: String(downloadIds.links),
            url,
          }).toString(),
        });
        const body = (await response.json()) as { new_version: string; package: string };
        if (body.new_version === '2.0.0') {
          expect(body.package).not.toBe('');
          chosen.push(url);
        }
      }
      return chosen;
    };
    const first = await offered();
    const second = await offered();
    recordFigures('rollout-distribution', {
      sites: total,
      rollout_percent: 20,
      offered_first_call: first.length,
      offered_second_call: second.length,
      same_sites: JSON.stringify(first) === JSON.stringify(second),
    });
    expect(first.length).toBeGreaterThanOrEqual(170);
    expect(first.length).toBeLessThanOrEqual(230);
    expect(second).toEqual(first);
  });
});
