import { execFile, execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../shared/catalogue';
import { packageEntries, productPackage } from './downloads/packages';
import { createZip } from './downloads/zip';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';
import { createLicence } from './test-support/licences';

/**
 * End to end with PHP (issue 28): Debian's php-cli runs test/php/edd-client.php, which speaks the
 * protocol as EDD's updater does, against this server listening on a real port. CI installs php-cli
 * (.ci/run); without it locally the test is skipped, saying so.
 */
const php = (() => {
  try {
    execFileSync('php', ['-r', 'exit(function_exists("sodium_crypto_sign_verify_detached") ? 0 : 1);']);
    return true;
  } catch {
    return false;
  }
})();
if (!php)
  console.warn('edd-php.test.ts skipped: php-cli with sodium is not installed (apt-get install -y php-cli)');

let t: TestApp;
let server: ReturnType<typeof serve>;
let store: string;

beforeAll(async () => {
  if (!php) return;
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  store = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (!php) return;
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

describe.skipIf(!php)('EDD protocol from PHP', () => {
  it('activates, checks, updates from a signed package, verifies a licence file with sodium, deactivates', async () => {
    const admin = await signIn(t.app, 'admin@example.com', 'Admin#2026');
    const created = await t.app.request('/api/v1/vendor-keys', {
      method: 'POST',
      headers: { ...jsonHeaders, 'X-WP-Nonce': admin },
      body: JSON.stringify({ name: 'php e2e' }),
    });
    const { key } = (await created.json()) as { key: string };
    const pkg = productPackage(downloadIds.notification);
    if (!pkg) throw new Error('no package');
    const form = new FormData();
    form.set('product', String(downloadIds.notification));
    form.set('version', '2.3.0');
    form.set('changelog', 'New: weekly digest.');
    form.set(
      'file',
      new Blob([new Uint8Array(createZip(packageEntries(pkg, '2.3.0'), new Date()))]),
      'p.zip',
    );
    const published = await t.app.request('/api/v1/releases', {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    expect(published.status).toBe(201);
    const licence = await createLicence(t.handle.db, {
      email: 'customer@example.com',
      downloadId: downloadIds.notification,
      activationLimit: 1,
    });
    const publicKey = (
      (await (await t.app.request('/api/v1/licenses/public-key')).json()) as { public_key: string }
    ).public_key;

    const { stdout } = await promisify(execFile)(
      'php',
      [
        join(import.meta.dirname, '../test/php/edd-client.php'),
        store,
        licence.key,
        String(downloadIds.notification),
        'https://php-site.example.com',
        publicKey,
      ],
      { timeout: 60_000 },
    );
    expect(JSON.parse(stdout)).toEqual({
      activate: { success: true, license: 'valid', site_count: 1 },
      check: { license: 'valid' },
      get_version: {
        new_version: '2.3.0',
        has_package: true,
        changelog: expect.stringContaining('weekly digest'),
      },
      package: { status: 200, main_file_version: '2.3.0' },
      licence_file: {
        status: 200,
        verified: true,
        tampered_verified: false,
        key_matches: true,
        still_valid: true,
      },
      deactivate: { success: true, license: 'deactivated' },
      check_after: { license: 'inactive' },
    });
  });
});
