import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyBundle, downloadIds } from '../shared/catalogue';
import { licences, products, sites, users } from './db/schema';
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

/**
 * The contract as one table: each action's answer and each documented error, every case sent the four
 * ways a plugin may send it (form body as `wp_remote_post` does, or query string; to `/` or to
 * `/edd-sl-api`), each answer compared whole.
 */
describe('EDD API contract, every case × form and query × / and /edd-sl-api', () => {
  type Params = Record<string, string | number>;
  interface Given {
    key: string;
    paymentId: number;
  }
  interface ContractCase {
    title: string;
    /** The licences and sites the call needs; a fresh set for every transport and path. */
    given?: () => Promise<Given>;
    params: (given: Given) => Params;
    answer: (given: Given) => Answer;
  }

  const unknownKey = 'fedcba9876543210fedcba9876543210';
  const site = 'https://contract.shop.com';
  const eddDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
  // Whole seconds, as stored and answered.
  const future = new Date(Math.floor(Date.now() / 1000) * 1000 + 365 * 86_400_000);
  const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 30 * 86_400_000);
  const names = new Map<number, string>();
  let customerName = '';

  beforeAll(async () => {
    for (const product of await t.handle.db
      .select({ id: products.downloadId, name: products.name })
      .from(products)) {
      names.set(product.id, product.name);
    }
    const [owner] = await t.handle.db
      .select({ displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.email, customer));
    customerName = owner?.displayName || `${owner?.firstName} ${owner?.lastName}`.trim();
  });

  /** A licence of the customer's, with the given production sites active. */
  async function licence(
    downloadId: number,
    options: {
      limit?: number;
      status?: 'active' | 'inactive' | 'disabled';
      expiresAt?: Date;
      sites?: string[];
    } = {},
  ): Promise<Given> {
    const created = await createLicence(t.handle.db, {
      email: customer,
      downloadId,
      activationLimit: options.limit ?? 2,
      status: options.status ?? 'inactive',
      expiresAt: options.expiresAt ?? future,
    });
    for (const url of options.sites ?? []) {
      await t.handle.db.insert(sites).values({ licenceId: created.id, url });
    }
    return { key: created.key, paymentId: created.paymentId };
  }

  /** A bundle's key and its child licence for `downloadIds.blocks` (the bundle holds no other child). */
  async function bundle(): Promise<Given> {
    const parent = await createLicence(t.handle.db, {
      email: customer,
      downloadId: agencyBundle.downloadId,
      activationLimit: 2,
      expiresAt: future,
    });
    await createLicence(t.handle.db, {
      email: customer,
      downloadId: downloadIds.blocks,
      activationLimit: 2,
      expiresAt: future,
      parentLicenceId: parent.id,
      paymentId: parent.paymentId,
    });
    return { key: parent.key, paymentId: parent.paymentId };
  }

  /** The whole answer about a licence found for the item. */
  function about(
    given: Given,
    item: number,
    answer: {
      success: boolean;
      license: string;
      limit?: number;
      siteCount: number;
      expiresAt?: Date;
      error?: string;
    },
  ): Answer {
    const limit = answer.limit ?? 2;
    return {
      success: answer.success,
      license: answer.license,
      item_id: item,
      item_name: names.get(item),
      license_limit: limit,
      site_count: answer.siteCount,
      expires: eddDate(answer.expiresAt ?? future),
      activations_left: limit - answer.siteCount,
      checksum: expect.stringMatching(/^[0-9a-f]{32}$/),
      payment_id: given.paymentId,
      customer_name: customerName,
      customer_email: customer,
      price_id: '1',
      ...(answer.error && { error: answer.error }),
    };
  }

  /** The answer that names no licence: an unknown key, another item's key, or no item at all. */
  const refused = (license: 'invalid' | 'failed', error: string, item?: number): Answer => ({
    success: false,
    license,
    item_id: item ?? false,
    item_name: item === undefined ? '' : names.get(item),
    error,
  });

  /** The three item errors, the same for every action and told before any key is looked at. */
  const itemErrors = (action: string, license: 'invalid' | 'failed'): ContractCase[] => [
    {
      title: `${action}: an unknown item_id is invalid_item_id`,
      given: () => licence(downloadIds.links),
      params: ({ key }) => ({ edd_action: action, license: key, item_id: 999_999, url: site }),
      answer: () => refused(license, 'invalid_item_id'),
    },
    {
      title: `${action}: an unknown item_name is item_name_mismatch`,
      given: () => licence(downloadIds.links),
      params: ({ key }) => ({ edd_action: action, license: key, item_name: 'No Such Plugin', url: site }),
      answer: () => refused(license, 'item_name_mismatch'),
    },
    {
      title: `${action}: an item_name of another item than item_id is key_mismatch`,
      given: () => licence(downloadIds.links),
      params: ({ key }) => ({
        edd_action: action,
        license: key,
        item_id: downloadIds.links,
        item_name: 'Embed Plugin',
        url: site,
      }),
      answer: () => refused(license, 'key_mismatch'),
    },
  ];

  /** No key probing: an unknown key, a key of another item and a bundle's key outside it answer alike. */
  const keyErrors = (action: string, license: 'invalid' | 'failed'): ContractCase[] => [
    {
      title: `${action}: no license is missing`,
      params: () => ({ edd_action: action, item_id: downloadIds.payment, url: site }),
      answer: () => refused(license, 'missing'),
    },
    {
      title: `${action}: an unknown key is missing`,
      params: () => ({ edd_action: action, license: unknownKey, item_id: downloadIds.payment, url: site }),
      answer: () => refused(license, 'missing', downloadIds.payment),
    },
    {
      title: `${action}: a key of another item, active on the site, is missing`,
      given: () => licence(downloadIds.scheduling, { sites: [site] }),
      params: ({ key }) => ({ edd_action: action, license: key, item_id: downloadIds.payment, url: site }),
      answer: () => refused(license, 'missing', downloadIds.payment),
    },
    {
      title: `${action}: a bundle's key for a product outside the bundle is missing`,
      given: bundle,
      params: ({ key }) => ({ edd_action: action, license: key, item_id: downloadIds.payment, url: site }),
      answer: () => refused(license, 'missing', downloadIds.payment),
    },
  ];

  const cases: ContractCase[] = [
    // activate_license
    {
      title: 'activate_license: valid',
      given: () => licence(downloadIds.notification),
      params: ({ key }) => ({
        edd_action: 'activate_license',
        license: key,
        item_id: downloadIds.notification,
        url: site,
      }),
      answer: (given) =>
        about(given, downloadIds.notification, { success: true, license: 'valid', siteCount: 1 }),
    },
    {
      title: "activate_license: a bundle's key for one of its products is valid",
      given: bundle,
      params: ({ key }) => ({
        edd_action: 'activate_license',
        license: key,
        item_id: downloadIds.blocks,
        url: site,
      }),
      answer: (given) => about(given, downloadIds.blocks, { success: true, license: 'valid', siteCount: 1 }),
    },
    {
      title: 'activate_license: no url is missing_url',
      given: () => licence(downloadIds.notification),
      params: ({ key }) => ({
        edd_action: 'activate_license',
        license: key,
        item_id: downloadIds.notification,
      }),
      answer: (given) =>
        about(given, downloadIds.notification, {
          success: false,
          license: 'invalid',
          siteCount: 0,
          error: 'missing_url',
        }),
    },
    {
      title: "activate_license: a bundle's own licence is license_not_activable",
      given: bundle,
      params: ({ key }) => ({
        edd_action: 'activate_license',
        license: key,
        item_id: agencyBundle.downloadId,
        url: site,
      }),
      answer: (given) =>
        about(given, agencyBundle.downloadId, {
          success: false,
          license: 'invalid',
          siteCount: 0,
          error: 'license_not_activable',
        }),
    },
    {
      title: 'activate_license: a disabled licence is disabled',
      given: () => licence(downloadIds.embed, { status: 'disabled' }),
      params: ({ key }) => ({
        edd_action: 'activate_license',
        license: key,
        item_id: downloadIds.embed,
        url: site,
      }),
      answer: (given) =>
        about(given, downloadIds.embed, {
          success: false,
          license: 'invalid',
          siteCount: 0,
          error: 'disabled',
        }),
    },
    {
      title: 'activate_license: a full licence is no_activations_left',
      given: () => licence(downloadIds.embed, { limit: 1, sites: ['https://taken.shop.com'] }),
      params: ({ key }) => ({
        edd_action: 'activate_license',
        license: key,
        item_id: downloadIds.embed,
        url: site,
      }),
      answer: (given) =>
        about(given, downloadIds.embed, {
          success: false,
          license: 'invalid',
          limit: 1,
          siteCount: 1,
          error: 'no_activations_left',
        }),
    },
    {
      title: 'activate_license: an expired licence is expired',
      given: () => licence(downloadIds.embed, { status: 'active', expiresAt: past }),
      params: ({ key }) => ({
        edd_action: 'activate_license',
        license: key,
        item_id: downloadIds.embed,
        url: site,
      }),
      answer: (given) =>
        about(given, downloadIds.embed, {
          success: false,
          license: 'invalid',
          siteCount: 0,
          expiresAt: past,
          error: 'expired',
        }),
    },
    ...keyErrors('activate_license', 'invalid'),
    ...itemErrors('activate_license', 'invalid'),

    // check_license
    {
      title: 'check_license: valid on its site',
      given: () => licence(downloadIds.notification, { sites: [site] }),
      params: ({ key }) => ({
        edd_action: 'check_license',
        license: key,
        item_id: downloadIds.notification,
        url: site,
      }),
      answer: (given) =>
        about(given, downloadIds.notification, { success: true, license: 'valid', siteCount: 1 }),
    },
    {
      title: 'check_license: inactive on no site',
      given: () => licence(downloadIds.notification),
      params: ({ key }) => ({
        edd_action: 'check_license',
        license: key,
        item_id: downloadIds.notification,
        url: site,
      }),
      answer: (given) =>
        about(given, downloadIds.notification, { success: false, license: 'inactive', siteCount: 0 }),
    },
    {
      title: 'check_license: site_inactive when active elsewhere',
      given: () => licence(downloadIds.notification, { sites: ['https://other.shop.com'] }),
      params: ({ key }) => ({
        edd_action: 'check_license',
        license: key,
        item_id: downloadIds.notification,
        url: site,
      }),
      answer: (given) =>
        about(given, downloadIds.notification, { success: false, license: 'site_inactive', siteCount: 1 }),
    },
    {
      title: 'check_license: expired',
      given: () => licence(downloadIds.embed, { status: 'active', expiresAt: past, sites: [site] }),
      params: ({ key }) => ({
        edd_action: 'check_license',
        license: key,
        item_id: downloadIds.embed,
        url: site,
      }),
      answer: (given) =>
        about(given, downloadIds.embed, {
          success: false,
          license: 'expired',
          siteCount: 1,
          expiresAt: past,
        }),
    },
    {
      title: 'check_license: disabled',
      given: () => licence(downloadIds.embed, { status: 'disabled', sites: [site] }),
      params: ({ key }) => ({
        edd_action: 'check_license',
        license: key,
        item_id: downloadIds.embed,
        url: site,
      }),
      answer: (given) =>
        about(given, downloadIds.embed, { success: false, license: 'disabled', siteCount: 1 }),
    },
    ...keyErrors('check_license', 'invalid'),
    ...itemErrors('check_license', 'invalid'),

    // deactivate_license
    {
      title: 'deactivate_license: deactivated',
      given: () => licence(downloadIds.notification, { sites: [site] }),
      params: ({ key }) => ({
        edd_action: 'deactivate_license',
        license: key,
        item_id: downloadIds.notification,
        url: site,
      }),
      answer: (given) =>
        about(given, downloadIds.notification, { success: true, license: 'deactivated', siteCount: 0 }),
    },
    {
      title: 'deactivate_license: a site that is not active is failed',
      given: () => licence(downloadIds.notification),
      params: ({ key }) => ({
        edd_action: 'deactivate_license',
        license: key,
        item_id: downloadIds.notification,
        url: site,
      }),
      answer: (given) =>
        about(given, downloadIds.notification, { success: false, license: 'failed', siteCount: 0 }),
    },
    {
      title: 'deactivate_license: no url is missing_url',
      given: () => licence(downloadIds.notification, { sites: [site] }),
      params: ({ key }) => ({
        edd_action: 'deactivate_license',
        license: key,
        item_id: downloadIds.notification,
      }),
      answer: (given) =>
        about(given, downloadIds.notification, {
          success: false,
          license: 'failed',
          siteCount: 1,
          error: 'missing_url',
        }),
    },
    {
      title: "deactivate_license: a bundle's own licence is license_not_activable",
      given: bundle,
      params: ({ key }) => ({
        edd_action: 'deactivate_license',
        license: key,
        item_id: agencyBundle.downloadId,
        url: site,
      }),
      answer: (given) =>
        about(given, agencyBundle.downloadId, {
          success: false,
          license: 'failed',
          siteCount: 0,
          error: 'license_not_activable',
        }),
    },
    ...keyErrors('deactivate_license', 'failed'),
    ...itemErrors('deactivate_license', 'failed'),

    // get_version
    {
      title: 'get_version: the plugin_information fields, with a package for a licence active on the site',
      given: () => licence(downloadIds.links, { sites: [site] }),
      params: ({ key }) => ({
        edd_action: 'get_version',
        license: key,
        item_id: downloadIds.links,
        url: site,
      }),
      answer: () => versionInfo(expect.stringMatching(/^https?:\/\/[^/]+\/api\/v1\/releases\/package\/\S+$/)),
    },
    {
      title: 'get_version: the version without a package for an unknown key',
      params: () => ({
        edd_action: 'get_version',
        license: unknownKey,
        item_id: downloadIds.links,
        url: site,
      }),
      answer: () => versionInfo(''),
    },
    {
      title: 'get_version: the version without a package for a key of another item',
      given: () => licence(downloadIds.scheduling, { sites: [site] }),
      params: ({ key }) => ({
        edd_action: 'get_version',
        license: key,
        item_id: downloadIds.links,
        url: site,
      }),
      answer: () => versionInfo(''),
    },
    ...itemErrors('get_version', 'invalid'),
  ];

  /** `get_version`'s whole answer for the Links plugin, with this package link. */
  function versionInfo(link: unknown): Answer {
    const origin = expect.stringMatching(/^https?:\/\/[^/]+\/$/);
    const picture = expect.stringMatching(/\/assets\/products\/links-plugin\.svg$/);
    const version = expect.stringMatching(/^\d+\.\d+\.\d+/);
    return {
      name: 'Links Plugin',
      slug: 'links-plugin',
      url: origin,
      homepage: origin,
      new_version: version,
      stable_version: version,
      last_updated: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      package: link,
      download_link: link,
      sections: {
        description: '<p>Links Plugin</p>',
        changelog: expect.stringMatching(/^<h4>\d+\.\d+\.\d+/),
      },
      banners: { high: picture, low: picture },
      icons: { svg: picture, '1x': picture, '2x': picture },
      requires: expect.any(String),
      tested: expect.any(String),
      requires_php: expect.any(String),
    };
  }

  const ways = [
    ['form', '/'],
    ['form', '/edd-sl-api'],
    ['query', '/'],
    ['query', '/edd-sl-api'],
  ] as const;

  describe.each(ways)('%s to %s', (mode, path) => {
    it.each(cases)('$title', async ({ given, params, answer: expected }) => {
      const fixture = given ? await given() : { key: '', paymentId: 0 };
      expect(await answer(params(fixture), mode, path)).toEqual(expected(fixture));
    });
  });
});
