import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReleaseArgs, sendRelease } from '../scripts/release';
import { downloadIds } from '../shared/catalogue';
import { sites, vendorApiKeys } from './db/schema';
import { packageEntries, productPackage } from './downloads/packages';
import { createZip } from './downloads/zip';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';
import { createLicence } from './test-support/licences';
import { readZipEntries } from './test-support/zip-read';

let t: TestApp;
let admin: string;
let vendorKey: string;

beforeAll(async () => {
  // The release script below calls the store as http://store.test/: one of its host names.
  t = await createTestApp({ allowedHosts: ['store.test'] });
  admin = await signIn(t.app, 'admin@example.com', 'Admin#2026');
  const created = await t.app.request('/api/v1/vendor-keys', {
    method: 'POST',
    headers: { ...jsonHeaders, 'X-WP-Nonce': admin },
    body: JSON.stringify({ name: 'CI' }),
  });
  vendorKey = ((await created.json()) as { key: string }).key;
});
afterAll(() => t.close());

function zipOf(downloadId: number, version: string): Blob {
  const pkg = productPackage(downloadId);
  if (!pkg) throw new Error('no package');
  return new Blob([new Uint8Array(createZip(packageEntries(pkg, version), new Date()))]);
}

function publish(fields: Record<string, string>, file: Blob | null, key = vendorKey) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('file', file, 'release.zip');
  return t.app.request('/api/v1/releases', {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: form,
  });
}

async function getVersion(params: Record<string, string | number>) {
  const response = await t.app.request('/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      Object.entries({ edd_action: 'get_version', ...params }).map(([k, v]) => [k, String(v)]),
    ).toString(),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown> & { package: string; new_version: string };
}

async function activeLicence(downloadId: number, url: string, expiresAt?: Date) {
  const licence = await createLicence(t.handle.db, {
    email: 'customer@example.com',
    downloadId,
    activationLimit: 5,
    status: 'active',
    ...(expiresAt && { expiresAt }),
  });
  await t.handle.db.insert(sites).values({ licenceId: licence.id, url });
  return licence;
}

describe('vendor API keys', () => {
  it('are created by admins, shown once, listed without the key, and revoked', async () => {
    const customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    const manager = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    for (const token of [customer, manager]) {
      const refused = await t.app.request('/api/v1/vendor-keys', {
        method: 'POST',
        headers: { ...jsonHeaders, 'X-WP-Nonce': token },
        body: JSON.stringify({ name: 'sneaky' }),
      });
      expect(refused.status).toBe(403);
    }
    const created = await t.app.request('/api/v1/vendor-keys', {
      method: 'POST',
      headers: { ...jsonHeaders, 'X-WP-Nonce': admin },
      body: JSON.stringify({ name: 'Old CI' }),
    });
    expect(created.status).toBe(201);
    const { id, key } = (await created.json()) as { id: number; key: string };
    expect(key).toMatch(/^vpk_[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.handle.db.select().from(vendorApiKeys).where(eq(vendorApiKeys.id, id));
    expect(JSON.stringify(stored)).not.toContain(key);

    const list = await t.app.request('/api/v1/vendor-keys', { headers: { 'X-WP-Nonce': admin } });
    const listed = (await list.json()) as Record<string, unknown>[];
    expect(listed.find((row) => row.id === id)).toMatchObject({ name: 'Old CI', prefix: key.slice(0, 12) });
    expect(JSON.stringify(listed)).not.toContain(key);

    const revoke = await t.app.request(`/api/v1/vendor-keys/${id}`, {
      method: 'DELETE',
      headers: { 'X-WP-Nonce': admin },
    });
    expect(revoke.status).toBe(200);
    const refused = await publish(
      { product: String(downloadIds.links), version: '9.0.0' },
      zipOf(downloadIds.links, '9.0.0'),
      key,
    );
    expect(refused.status).toBe(401);
  });

  it("are created and revoked by a super admin too, an admin's key included", async () => {
    const superAdmin = await signIn(t.app, 'superadmin@example.com', 'SuperAdmin#2026');
    const create = async (token: string, name: string) => {
      const response = await t.app.request('/api/v1/vendor-keys', {
        method: 'POST',
        headers: { ...jsonHeaders, 'X-WP-Nonce': token },
        body: JSON.stringify({ name }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as Record<string, unknown> & { id: number; key: string };
    };
    // A call that only a valid key gets past: the release does not exist (404), nothing is changed.
    const authenticates = async (key: string) =>
      (
        await t.app.request('/api/v1/releases/999999999', {
          method: 'PATCH',
          headers: { ...jsonHeaders, Authorization: `Bearer ${key}` },
          body: JSON.stringify({ rollout: 50 }),
        })
      ).status;
    const revoke = (id: number) =>
      t.app.request(`/api/v1/vendor-keys/${id}`, { method: 'DELETE', headers: { 'X-WP-Nonce': superAdmin } });

    const own = await create(superAdmin, 'Super CI');
    expect(own).toEqual({
      id: expect.any(Number),
      name: 'Super CI',
      prefix: own.key.slice(0, 12),
      scope: 'releases:publish',
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
      key: expect.stringMatching(/^vpk_[A-Za-z0-9_-]{43}$/),
    });
    const [stored] = await t.handle.db.select().from(vendorApiKeys).where(eq(vendorApiKeys.id, own.id));
    expect(JSON.stringify(stored)).not.toContain(own.key);
    const admins = await create(admin, 'Admin CI');
    expect(await authenticates(own.key)).toBe(404);
    expect(await authenticates(admins.key)).toBe(404);

    const list = await t.app.request('/api/v1/vendor-keys', { headers: { 'X-WP-Nonce': superAdmin } });
    expect(list.status).toBe(200);
    const listed = (await list.json()) as Record<string, unknown>[];
    expect(listed.find((row) => row.id === own.id)).toMatchObject({ name: 'Super CI', revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(own.key);

    for (const { id, key } of [own, admins]) {
      const revoked = await revoke(id);
      expect(revoked.status).toBe(200);
      expect(await revoked.json()).toEqual({ success: true });
      expect(await authenticates(key)).toBe(401);
      // Revoked once and for all: a second revocation finds no active key.
      expect((await revoke(id)).status).toBe(404);
    }
    const after = (await (
      await t.app.request('/api/v1/vendor-keys', { headers: { 'X-WP-Nonce': superAdmin } })
    ).json()) as { id: number; revokedAt: string | null }[];
    for (const { id } of [own, admins]) {
      expect(after.find((row) => row.id === id)?.revokedAt).toEqual(expect.any(String));
    }
  });
});

describe('publishing releases and get_version', () => {
  it('offers the new version with a package that downloads the new zip, only to a valid licence on its site', async () => {
    const published = await publish(
      {
        product: String(downloadIds.notification),
        version: '2.0.0',
        changelog: 'New: digest e-mails.\nFix: <script> in titles.',
        requires: '6.2',
        tested: '6.8',
        requires_php: '8.0',
        channel: 'stable',
        rollout: '100',
      },
      zipOf(downloadIds.notification, '2.0.0'),
    );
    expect(published.status).toBe(201);
    expect(await published.json()).toMatchObject({ version: '2.0.0', channel: 'stable', rollout: 100 });
    const again = await publish(
      { product: String(downloadIds.notification), version: '2.0.0' },
      zipOf(downloadIds.notification, '2.0.0'),
    );
    expect(again.status).toBe(409);

    const licence = await activeLicence(downloadIds.notification, 'https://updates.shop.com');
    const info = await getVersion({
      license: licence.key,
      item_id: downloadIds.notification,
      url: 'https://updates.shop.com',
      version: '1.0.0',
    });
    expect(info).toMatchObject({
      new_version: '2.0.0',
      stable_version: '2.0.0',
      name: 'Notification Plugin',
      slug: 'notification-plugin',
      requires: '6.2',
      tested: '6.8',
      requires_php: '8.0',
      sections: { changelog: expect.stringContaining('&#60;script&#62;') },
      banners: { high: expect.any(String), low: expect.any(String) },
      icons: expect.objectContaining({ '1x': expect.any(String) }),
    });
    expect(info.package).toBe(info.download_link);
    const packagePath = new URL(info.package).pathname;
    const zip = await t.app.request(packagePath);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('Content-Type')).toBe('application/zip');
    const files = readZipEntries(Buffer.from(await zip.arrayBuffer()));
    expect(files.get('notification-plugin/notification-plugin.php')).toContain('Version: 2.0.0');

    // Another site of the licence is not active: the version, but no package.
    const elsewhere = await getVersion({
      license: licence.key,
      item_id: downloadIds.notification,
      url: 'https://other.shop.com',
    });
    expect(elsewhere).toMatchObject({ new_version: '2.0.0', package: '', download_link: '' });

    // Deactivated after the link was handed out: the link no longer serves the zip.
    await t.handle.db.update(sites).set({ deactivatedAt: new Date() }).where(eq(sites.licenceId, licence.id));
    expect((await t.app.request(packagePath)).status).toBe(403);
    expect((await t.app.request(`${packagePath}x`)).status).toBe(403);
  });

  it('gives an expired licence the version and changelog without a package', async () => {
    const licence = await activeLicence(
      downloadIds.notification,
      'https://old.shop.com',
      new Date(Date.now() - 86_400_000),
    );
    const info = await getVersion({
      license: licence.key,
      item_id: downloadIds.notification,
      url: 'https://old.shop.com',
    });
    expect(info).toMatchObject({
      new_version: '2.0.0',
      package: '',
      sections: { changelog: expect.stringContaining('digest') },
    });
  });

  it('keeps betas for sites that ask, and stages a rollout that only grows', async () => {
    const licence = await activeLicence(downloadIds.embed, 'https://beta.shop.com');
    const base = { license: licence.key, item_id: downloadIds.embed, url: 'https://beta.shop.com' };
    const beta = await publish(
      { product: String(downloadIds.embed), version: '1.1.0-beta.1', channel: 'beta' },
      zipOf(downloadIds.embed, '1.1.0-beta.1'),
    );
    expect(beta.status).toBe(201);
    expect(await getVersion(base)).toMatchObject({ new_version: '1.0.0' });
    expect(await getVersion({ ...base, beta: 1 })).toMatchObject({
      new_version: '1.1.0-beta.1',
      stable_version: '1.0.0',
    });

    const staged = await publish(
      { product: String(downloadIds.embed), version: '1.2.0', rollout: '0' },
      zipOf(downloadIds.embed, '1.2.0'),
    );
    const { id } = (await staged.json()) as { id: number };
    expect(await getVersion(base)).toMatchObject({ new_version: '1.0.0' });
    const patch = (rollout: number) =>
      t.app.request(`/api/v1/releases/${id}`, {
        method: 'PATCH',
        headers: { ...jsonHeaders, Authorization: `Bearer ${vendorKey}` },
        body: JSON.stringify({ rollout }),
      });
    expect((await patch(100)).status).toBe(200);
    expect(await getVersion(base)).toMatchObject({ new_version: '1.2.0' });
    expect((await patch(50)).status).toBe(409);
  });

  it('publishes with the npm run release script', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'release-script-'));
    const zip = join(dir, 'links-plugin.zip');
    await writeFile(zip, Buffer.from(await zipOf(downloadIds.links, '5.0.0').arrayBuffer()));
    const options = parseReleaseArgs(
      [
        zip,
        '--product',
        String(downloadIds.links),
        '--version',
        '5.0.0',
        '--rollout',
        '20',
        '--tested',
        '6.8',
      ],
      { STORE_URL: 'http://store.test/' },
    );
    const answer = await sendRelease(options, vendorKey, (url, init) => t.app.request(url, init));
    expect(answer).toMatchObject({ product: downloadIds.links, version: '5.0.0', rollout: 20 });
    await expect(sendRelease(options, vendorKey, (url, init) => t.app.request(url, init))).rejects.toThrow(
      /409/,
    );
  });

  it('refuses a release without a valid key, a zip or a known product', async () => {
    const zip = zipOf(downloadIds.links, '3.0.0');
    expect(
      (await publish({ product: String(downloadIds.links), version: '3.0.0' }, zip, 'vpk_nope')).status,
    ).toBe(401);
    expect((await publish({ product: String(downloadIds.links), version: '3.0.0' }, null)).status).toBe(400);
    expect((await publish({ product: '123', version: '3.0.0' }, zip)).status).toBe(400);
    expect((await publish({ product: String(downloadIds.links), version: 'latest' }, zip)).status).toBe(400);
    const notZip = new Blob(['<?php echo 1;']);
    expect((await publish({ product: String(downloadIds.links), version: '3.0.0' }, notZip)).status).toBe(
      400,
    );
  });

  it("serves the latest stable release from the portal's downloads and the landing", async () => {
    const token = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    const published = await publish(
      { product: String(downloadIds.addons), version: '4.5.0' },
      zipOf(downloadIds.addons, '4.5.0'),
    );
    expect(published.status).toBe(201);
    const list = await t.app.request('/api/v1/downloads', { headers: { 'X-WP-Nonce': token } });
    const items = (await list.json()) as { download_id: number; token: string; download_name: string }[];
    const addons = items.find((item) => item.download_id === downloadIds.addons);
    if (!addons) throw new Error('no addons download');
    const landing = await t.app.request('/api/v1/downloads/landing', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ signature: addons.token, download_name: addons.download_name }),
    });
    expect(landing.status).toBe(200);
    const files = readZipEntries(Buffer.from(await landing.arrayBuffer()));
    expect(files.get('addons-plugin/addons-plugin.php')).toContain('Version: 4.5.0');
  });
});
