import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../shared/catalogue';
import { sites } from './db/schema';
import { packageLinkTtlSeconds, signPackage, verifyPackage } from './licensing/package-links';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';
import { createLicence } from './test-support/licences';

/**
 * The parts of the licensing contract (issue 28) the action-by-action suites leave out: `get_version` as a
 * query and with its request errors, no key probing through it, local sites, a plugin's site removed in
 * the portal, the one-hour package link, the per-address limits of both APIs and the vendor key's scope.
 */

let t: TestApp;
const customer = 'customer@example.com';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Answer = Record<string, unknown>;

function query(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}
async function eddGet(path: '/' | '/edd-sl-api', params: Record<string, string | number>): Promise<Answer> {
  const response = await t.app.request(`${path}?${query(params)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}
function eddPost(params: Record<string, string | number>, app = t.app) {
  return app.request('/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: query(params),
  });
}

describe.each(['/', '/edd-sl-api'] as const)('get_version as a query on %s', (path) => {
  it('answers the plugin_information fields WordPress shows', async () => {
    const licence = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.links,
      activationLimit: 5,
    });
    await t.handle.db.insert(sites).values({ licenceId: licence.id, url: 'https://query.shop.com' });
    const info = await eddGet(path, {
      edd_action: 'get_version',
      license: licence.key,
      item_id: downloadIds.links,
      url: 'https://query.shop.com',
    });
    expect(info).toMatchObject({
      name: 'Links Plugin',
      slug: 'links-plugin',
      url: expect.stringMatching(/^https?:\/\/[^/]+\/$/),
      homepage: expect.stringMatching(/^https?:\/\/[^/]+\/$/),
      new_version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      stable_version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      last_updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      sections: { description: '<p>Links Plugin</p>', changelog: expect.stringContaining('<h4>') },
    });
    expect(info.package).toMatch(/\/api\/v1\/releases\/package\//);
    expect(info.download_link).toBe(info.package);
  });

  it('refuses an unknown item, a wrong name and a name that does not match the id', async () => {
    expect(await eddGet(path, { edd_action: 'get_version', item_id: 999_999 })).toMatchObject({
      success: false,
      error: 'invalid_item_id',
    });
    expect(await eddGet(path, { edd_action: 'get_version', item_name: 'No Such Plugin' })).toMatchObject({
      success: false,
      error: 'item_name_mismatch',
    });
    expect(
      await eddGet(path, {
        edd_action: 'get_version',
        item_id: downloadIds.links,
        item_name: 'Addons Plugin',
      }),
    ).toMatchObject({ success: false, error: 'key_mismatch' });
  });
});

describe('get_version tells nothing about keys', () => {
  it('answers an unknown key and a key of another item alike: the version, no package', async () => {
    const other = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.addons,
      activationLimit: 5,
    });
    await t.handle.db.insert(sites).values({ licenceId: other.id, url: 'https://probe.shop.com' });
    const ask = (license: string) =>
      eddGet('/', {
        edd_action: 'get_version',
        license,
        item_id: downloadIds.links,
        url: 'https://probe.shop.com',
      });
    const unknown = await ask('0123456789abcdef0123456789abcdef');
    const ofAnotherItem = await ask(other.key);
    expect(unknown.package).toBe('');
    expect(ofAnotherItem).toEqual(unknown);
  });
});

describe('sites', () => {
  it('activates local sites beside the limit, as the portal does', async () => {
    const licence = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.documentation,
      activationLimit: 1,
    });
    const activate = async (url: string) =>
      (await (
        await eddPost({
          edd_action: 'activate_license',
          license: licence.key,
          item_id: downloadIds.documentation,
          url,
        })
      ).json()) as Answer;
    expect(await activate('https://live.shop.com')).toMatchObject({ license: 'valid', site_count: 1 });
    expect(await activate('http://localhost:8080')).toMatchObject({ license: 'valid', activations_left: 0 });
    expect(await activate('https://second.shop.com')).toMatchObject({
      success: false,
      error: 'no_activations_left',
    });
  });

  it("makes a plugin's site inactive once the customer removes it in the portal", async () => {
    const token = await signIn(t.app, customer, 'Customer#2026');
    const licence = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.notification,
      activationLimit: 2,
    });
    const base = { license: licence.key, item_id: downloadIds.notification, url: 'https://removed.shop.com' };
    const activated = (await (await eddPost({ edd_action: 'activate_license', ...base })).json()) as Answer;
    expect(activated).toMatchObject({ license: 'valid' });

    const removed = await t.app.request('/api/v1/site', {
      method: 'POST',
      headers: { ...jsonHeaders, 'X-WP-Nonce': token },
      body: JSON.stringify({
        payment_id: licence.paymentId,
        license_id: licence.id,
        type: 'remove',
        url: 'https://removed.shop.com',
      }),
    });
    expect(removed.status).toBe(200);
    const active = await t.handle.db
      .select()
      .from(sites)
      .where(and(eq(sites.licenceId, licence.id), isNull(sites.deactivatedAt)));
    expect(active).toEqual([]);
    const check = (await (await eddPost({ edd_action: 'check_license', ...base })).json()) as Answer;
    // EDD's `inactive`: the key is active on no site at all (`site_inactive` is for a key active elsewhere).
    expect(check).toMatchObject({ success: false, license: 'inactive', site_count: 0 });
  });
});

describe('package links', () => {
  it('last one hour', () => {
    const issued = new Date('2026-11-27T10:00:00Z');
    const token = signPackage('secret', { releaseId: 1, licenceId: 2, site: 'shop.com' }, issued);
    const at = (seconds: number) => new Date(issued.getTime() + seconds * 1000);
    expect(packageLinkTtlSeconds).toBe(3600);
    expect(verifyPackage('secret', token, at(3599))).toMatchObject({ releaseId: 1, licenceId: 2 });
    expect(verifyPackage('secret', token, at(3600))).toBeNull();
    expect(verifyPackage('another secret', token, at(1))).toBeNull();
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ licensingRateLimit: { perIp: 3, perKey: 100, windowSeconds: 60 } });
  });
  afterAll(() => limited.close());

  it('count every call from one address across both APIs: 429 with Retry-After', async () => {
    const check = { edd_action: 'check_license', license: 'a'.repeat(32), item_id: downloadIds.links };
    for (let call = 0; call < 2; call++) expect((await eddPost(check, limited.app)).status).toBe(200);
    const json = () =>
      limited.app.request('/api/v1/licenses/validate', {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ license: 'b'.repeat(32), url: 'https://shop.com' }),
      });
    expect((await json()).status).toBe(200);
    const refused = await json();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const eddRefused = await eddPost(check, limited.app);
    expect(eddRefused.status).toBe(429);
    expect(eddRefused.headers.get('Retry-After')).not.toBeNull();
  });
});

describe('vendor API keys', () => {
  it('publish releases and open nothing else', async () => {
    const admin = await signIn(t.app, 'admin@example.com', 'Admin#2026');
    const created = await t.app.request('/api/v1/vendor-keys', {
      method: 'POST',
      headers: { ...jsonHeaders, 'X-WP-Nonce': admin },
      body: JSON.stringify({ name: 'scope' }),
    });
    const { key } = (await created.json()) as { key: string };
    const asVendorKey: Record<string, string>[] = [{ Authorization: `Bearer ${key}` }, { 'X-WP-Nonce': key }];
    for (const headers of asVendorKey) {
      expect((await t.app.request('/api/v1/profile', { headers })).status).toBe(401);
      expect((await t.app.request('/api/v1/vendor-keys', { headers })).status).toBe(401);
    }
  });
});
