import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyBundle, downloadIds } from '../shared/catalogue';
import { licences, sites } from './db/schema';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';
import { createLicence } from './test-support/licences';

/**
 * Contract of the EDD Software Licensing compatible API: every action and every documented error, sent
 * as WordPress sends it (form body) and as a query string.
 */

let t: TestApp;
const customer = 'customer@example.com';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Mode = 'form' | 'query';
type Answer = Record<string, unknown>;

async function edd(params: Record<string, string | number>, mode: Mode = 'form', path = '/') {
  const body = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response =
    mode === 'form'
      ? await t.app.request(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
        })
      : await t.app.request(`${path}?${body.toString()}`);
  return response;
}
async function answer(params: Record<string, string | number>, mode: Mode = 'form', path = '/') {
  const response = await edd(params, mode, path);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(/application\/json/);
  return (await response.json()) as Answer;
}

const activeSites = (licenceId: number) =>
  t.handle.db
    .select({ url: sites.url, reason: sites.deactivationReason, plugin: sites.pluginVersion })
    .from(sites)
    .where(and(eq(sites.licenceId, licenceId), isNull(sites.deactivatedAt)));

describe.each(['form', 'query'] as const)('EDD API (%s)', (mode) => {
  const path = mode === 'form' ? '/' : '/edd-sl-api';

  it('activates, checks and deactivates a site under the portal rules', async () => {
    const licence = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.notification,
      activationLimit: 1,
    });
    const base = { license: licence.key, item_id: downloadIds.notification };

    const inactive = await answer(
      { edd_action: 'check_license', ...base, url: 'https://a.shop.com' },
      mode,
      path,
    );
    expect(inactive).toMatchObject({ success: false, license: 'inactive', site_count: 0, license_limit: 1 });

    const activated = await answer(
      {
        edd_action: 'activate_license',
        ...base,
        url: 'https://a.shop.com',
        version: '1.2.0',
        locale: 'fr_FR',
      },
      mode,
      path,
    );
    expect(activated).toMatchObject({
      success: true,
      license: 'valid',
      item_id: downloadIds.notification,
      item_name: 'Notification Plugin',
      license_limit: 1,
      site_count: 1,
      activations_left: 0,
      payment_id: licence.paymentId,
      customer_email: customer,
      customer_name: expect.any(String),
      price_id: '1',
    });
    expect(activated.expires).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(activated.checksum).toMatch(/^[0-9a-f]{32}$/);
    expect(await activeSites(licence.id)).toEqual([
      { url: 'https://a.shop.com', reason: null, plugin: '1.2.0' },
    ]);

    // Activating the same site again is no second activation.
    const again = await answer(
      { edd_action: 'activate_license', ...base, url: 'http://www.a.shop.com/' },
      mode,
      path,
    );
    expect(again).toMatchObject({ success: true, license: 'valid', site_count: 1 });

    const full = await answer(
      { edd_action: 'activate_license', ...base, url: 'https://b.shop.com' },
      mode,
      path,
    );
    expect(full).toMatchObject({ success: false, license: 'invalid', error: 'no_activations_left' });
    // Staging sites stay free of the limit, as in the portal.
    const staging = await answer(
      { edd_action: 'activate_license', ...base, url: 'https://staging.a.shop.com' },
      mode,
      path,
    );
    expect(staging).toMatchObject({ success: true, license: 'valid', site_count: 1 });

    const valid = await answer(
      { edd_action: 'check_license', ...base, url: 'https://a.shop.com' },
      mode,
      path,
    );
    expect(valid).toMatchObject({ success: true, license: 'valid', site_count: 1 });
    const elsewhere = await answer(
      { edd_action: 'check_license', ...base, url: 'https://c.shop.com' },
      mode,
      path,
    );
    expect(elsewhere).toMatchObject({ success: false, license: 'site_inactive' });

    const deactivated = await answer(
      { edd_action: 'deactivate_license', ...base, url: 'https://a.shop.com', reason: 'Switching plugins' },
      mode,
      path,
    );
    expect(deactivated).toMatchObject({ success: true, license: 'deactivated', site_count: 0 });
    const [removed] = await t.handle.db
      .select({ reason: sites.deactivationReason })
      .from(sites)
      .where(and(eq(sites.licenceId, licence.id), eq(sites.url, 'https://a.shop.com')));
    expect(removed?.reason).toBe('Switching plugins');

    const twice = await answer(
      { edd_action: 'deactivate_license', ...base, url: 'https://a.shop.com' },
      mode,
      path,
    );
    expect(twice).toMatchObject({ success: false, license: 'failed' });
  });

  it('refuses expired and disabled licences with their own errors', async () => {
    const expired = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.embed,
      activationLimit: 5,
      status: 'active',
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    const disabled = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.embed,
      activationLimit: 5,
      status: 'disabled',
    });
    const call = (key: string, action: string) =>
      answer(
        { edd_action: action, license: key, item_id: downloadIds.embed, url: 'https://x.shop.com' },
        mode,
        path,
      );

    expect(await call(expired.key, 'activate_license')).toMatchObject({
      success: false,
      license: 'invalid',
      error: 'expired',
    });
    expect(await call(expired.key, 'check_license')).toMatchObject({ success: false, license: 'expired' });
    expect(await call(disabled.key, 'activate_license')).toMatchObject({
      success: false,
      license: 'invalid',
      error: 'disabled',
    });
    expect(await call(disabled.key, 'check_license')).toMatchObject({ success: false, license: 'disabled' });
  });

  it('answers the documented request errors', async () => {
    const licence = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.links,
      activationLimit: 3,
    });
    const activate = (params: Record<string, string | number>) =>
      answer({ edd_action: 'activate_license', ...params }, mode, path);

    expect(await activate({ item_id: downloadIds.links, url: 'https://x.shop.com' })).toMatchObject({
      success: false,
      license: 'invalid',
      error: 'missing',
    });
    expect(await activate({ license: licence.key, item_id: downloadIds.links })).toMatchObject({
      success: false,
      error: 'missing_url',
    });
    expect(
      await activate({ license: licence.key, item_id: 999_999, url: 'https://x.shop.com' }),
    ).toMatchObject({
      success: false,
      error: 'invalid_item_id',
    });
    expect(
      await activate({ license: licence.key, item_name: 'No Such Plugin', url: 'https://x.shop.com' }),
    ).toMatchObject({ success: false, error: 'item_name_mismatch' });
    expect(
      await activate({
        license: licence.key,
        item_id: downloadIds.links,
        item_name: 'Embed Plugin',
        url: 'https://x.shop.com',
      }),
    ).toMatchObject({ success: false, error: 'key_mismatch' });
    // The item by its name, urlencode()d once more by the plugin as EDD's sample code does.
    expect(
      await activate({ license: licence.key, item_name: 'Links+Plugin', url: 'https://x.shop.com' }),
    ).toMatchObject({ success: true, license: 'valid', item_id: downloadIds.links });
  });

  it('gives an unknown key and a key of another item the same answer', async () => {
    const other = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.scheduling,
      activationLimit: 3,
    });
    for (const action of ['activate_license', 'check_license', 'deactivate_license']) {
      const call = (license: string) =>
        answer(
          { edd_action: action, license, item_id: downloadIds.payment, url: 'https://x.shop.com' },
          mode,
          path,
        );
      const unknown = await call('0123456789abcdef0123456789abcdef');
      const foreign = await call(other.key);
      expect(foreign).toEqual(unknown);
      expect(unknown).toMatchObject({ success: false, error: 'missing' });
      expect(JSON.stringify(unknown)).not.toContain(customer);
    }
  });
});

describe('EDD API with bundles and the portal', () => {
  it("activates a bundle's key for its products, never for the bundle itself", async () => {
    const parent = await createLicence(t.handle.db, {
      email: customer,
      downloadId: agencyBundle.downloadId,
      activationLimit: 2,
    });
    const child = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.blocks,
      activationLimit: 2,
      parentLicenceId: parent.id,
      paymentId: parent.paymentId,
    });
    const bundle = await answer({
      edd_action: 'activate_license',
      license: parent.key,
      item_id: agencyBundle.downloadId,
      url: 'https://agency.com',
    });
    expect(bundle).toMatchObject({ success: false, error: 'license_not_activable' });
    const product = await answer({
      edd_action: 'activate_license',
      license: parent.key,
      item_id: downloadIds.blocks,
      url: 'https://agency.com',
    });
    expect(product).toMatchObject({ success: true, license: 'valid', item_id: downloadIds.blocks });
    expect(await activeSites(child.id)).toEqual([expect.objectContaining({ url: 'https://agency.com' })]);
    // The bundle's key is good for its own products only.
    const outside = await answer({
      edd_action: 'activate_license',
      license: parent.key,
      item_id: downloadIds.payment,
      url: 'https://agency.com',
    });
    expect(outside).toMatchObject({ success: false, error: 'missing' });
  });

  it('shares sites with the portal both ways', async () => {
    const token = await signIn(t.app, customer, 'Customer#2026');
    const [addons] = await t.handle.db
      .select({ id: licences.id, key: licences.key, paymentId: licences.paymentId })
      .from(licences)
      .where(and(eq(licences.downloadId, downloadIds.addons), isNull(licences.parentLicenceId)));
    if (!addons) throw new Error('no seeded addons licence');
    // The seeded site, added in the portal, is valid for the plugin.
    const seeded = await answer({
      edd_action: 'check_license',
      license: addons.key,
      item_id: downloadIds.addons,
      url: 'https://casey-shop.example',
      wp_version: '6.9',
      php_version: '8.4',
    });
    expect(seeded).toMatchObject({ license: 'valid' });
    // Deactivated by the plugin, it is gone from the portal's list, and the portal may add it back.
    await answer({
      edd_action: 'deactivate_license',
      license: addons.key,
      item_id: downloadIds.addons,
      url: 'https://casey-shop.example',
    });
    const products = await t.app.request('/api/v1/products', { headers: { 'X-WP-Nonce': token } });
    const listed = ((await products.json()) as { ID: number; license: { sites: string[] } }[]).find(
      (product) => product.ID === downloadIds.addons,
    );
    expect(listed?.license.sites).toEqual([]);
    const added = await t.app.request('/api/v1/site', {
      method: 'POST',
      headers: { ...jsonHeaders, 'X-WP-Nonce': token },
      body: JSON.stringify({
        payment_id: addons.paymentId,
        license_id: addons.id,
        type: 'add',
        url: 'https://casey-shop.example',
      }),
    });
    expect(added.status).toBe(200);
    const check = await answer({
      edd_action: 'check_license',
      license: addons.key,
      item_id: downloadIds.addons,
      url: 'https://casey-shop.example',
    });
    expect(check).toMatchObject({ success: true, license: 'valid' });
  });

  it('records the versions a check sends, and takes the site from the WordPress User-Agent', async () => {
    const licence = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.documentation,
      activationLimit: 2,
    });
    const response = await t.app.request('/', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': 'WordPress/6.8.1; https://agent.shop.com',
      },
      body: new URLSearchParams({
        edd_action: 'activate_license',
        license: licence.key,
        item_id: String(downloadIds.documentation),
        wp_version: '6.8.1',
        php_version: '8.3',
      }).toString(),
    });
    expect(await response.json()).toMatchObject({ success: true, license: 'valid' });
    await answer({
      edd_action: 'check_license',
      license: licence.key,
      item_id: downloadIds.documentation,
      url: 'https://agent.shop.com',
      version: '3.0.1',
      wp_version: '6.9',
    });
    const [site] = await t.handle.db
      .select({ platform: sites.platformVersion, runtime: sites.runtimeVersion, plugin: sites.pluginVersion })
      .from(sites)
      .where(eq(sites.licenceId, licence.id));
    expect(site).toEqual({ platform: '6.9', runtime: '8.3', plugin: '3.0.1' });
  });

  it('refuses an unknown action, prototype names included, with the API error body', async () => {
    for (const action of ['constructor', 'get_everything']) {
      const response = await edd({ edd_action: action, license: 'x', item_id: downloadIds.addons });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_action' });
    }
  });

  it("feeds the company and super-admin reports from the plugin's calls", async () => {
    const company = await signIn(t.app, 'company@example.com', 'Company#2026');
    const superAdmin = await signIn(t.app, 'superadmin@example.com', 'SuperAdmin#2026');
    const report = async (path: string, token: string) =>
      (await (
        await t.app.request(`/api/v1${path}`, {
          method: 'POST',
          headers: { ...jsonHeaders, 'X-WP-Nonce': token },
        })
      ).json()) as Record<string, { label: string; count: number }[]>;
    const licence = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.notification,
      activationLimit: 3,
    });
    const base = { license: licence.key, item_id: downloadIds.notification };
    await answer({
      edd_action: 'activate_license',
      ...base,
      url: 'https://one.report.com',
      wp_version: '7.1-report',
    });
    await answer({ edd_action: 'activate_license', ...base, url: 'https://two.report.com' });
    await answer({
      edd_action: 'check_license',
      ...base,
      url: 'https://two.report.com',
      wp_version: '7.1-report',
      locale: 'xx_REPORT',
    });
    await answer({
      edd_action: 'deactivate_license',
      ...base,
      url: 'https://one.report.com',
      reason: 'Report reason',
    });

    const own = await report('/reports/dashboard', company);
    expect(own.wpVersion).toContainEqual({ label: '7.1-report', count: 1 });
    expect(own.language).toContainEqual({ label: 'xx_REPORT', count: 1 });
    expect(own.de_active_reasons).toContainEqual({ label: 'Report reason', count: 1 });
    const all = await report('/super-admin/reports/dashboard', superAdmin);
    expect(all.wpVersion).toContainEqual({ label: '7.1-report', count: 1 });
    expect(all.language).toContainEqual({ label: 'xx_REPORT', count: 1 });
  });

  it('still serves the portal page at / without edd_action', async () => {
    const page = await t.app.request('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toMatch(/text\/html/);
  });
});

describe('concurrent activations through the licensing APIs', () => {
  it('40 simultaneous activations (EDD and signed API, 20 each) on a limit-3 licence store exactly 3 sites', async () => {
    const licence = await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.notification,
      activationLimit: 3,
    });
    const base = { license: licence.key, item_id: downloadIds.notification };
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const url = `https://concurrent-${index}.shop.com`;
        if (index % 2 === 0) {
          const edd = await answer({ edd_action: 'activate_license', ...base, url });
          return edd.success === true ? 'valid' : edd.error;
        }
        const signed = await t.app.request('/api/v1/licenses/activate', {
          method: 'POST',
          headers: jsonHeaders,
          body: JSON.stringify({ ...base, url }),
        });
        const body = (await signed.json()) as Answer;
        return body.success === true ? 'valid' : body.error;
      }),
    );
    expect(answers.filter((outcome) => outcome === 'valid')).toHaveLength(3);
    expect(answers.filter((outcome) => outcome === 'no_activations_left')).toHaveLength(37);
    expect(await activeSites(licence.id)).toHaveLength(3);
  });
});

describe('EDD API rate limits', () => {
  it('answers 429 with Retry-After past the per-key limit, unknown keys included', async () => {
    const limited = await createTestApp({
      licensingRateLimit: { perIp: 1000, perKey: 3, windowSeconds: 60 },
    });
    try {
      const call = () =>
        limited.app.request('/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `edd_action=check_license&license=nope&item_id=${downloadIds.addons}&url=https://x.shop.com`,
        });
      for (let i = 0; i < 3; i++) expect((await call()).status).toBe(200);
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
