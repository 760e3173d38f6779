import { once } from 'node:events';
import { and, eq, isNull } from 'drizzle-orm';
import type pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../shared/catalogue';
import {
  LicenseSchema,
  type Product,
  ProductListSchema,
  PurchaseLicensesSchema,
  UpgradeListSchema,
} from '../shared/schemas/licences';
import { licences, payments, sites, users } from './db/schema';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

let t: TestApp;
let customer: string;
let other: string;
let products: Product[];

const origin = 'https://portal.example.com';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: origin });
  customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
  // Another customer, who owns none of the demo purchases.
  other = await signIn(t.app, 'affiliate@example.com', 'Affiliate#2026');
  const response = await get('/products', customer);
  products = v.parse(ProductListSchema, await response.json());
});
afterAll(async () => {
  await closeIdleConnections();
  await t.close();
});

/**
 * The concurrency test leaves up to ten pooled PostgreSQL connections open; closing each one and waiting
 * for it to end lets the harness drop the test database without cutting connections that are still
 * shutting down (which pg reports as an unhandled error). PGlite has no pool: nothing to do.
 */
async function closeIdleConnections() {
  if (t.handle.kind !== 'postgres') return;
  const pool = (t.handle.db as unknown as { $client: pg.Pool }).$client;
  while (pool.totalCount > 0) {
    const client = await pool.connect();
    const removed = once(pool, 'remove');
    client.release(true);
    await removed;
  }
}

function get(path: string, token: string) {
  return t.app.request(`/api/v1${path}`, { headers: { 'X-WP-Nonce': token } });
}
function post(path: string, token: string, body: unknown) {
  return t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, 'X-WP-Nonce': token },
    body: JSON.stringify(body),
  });
}
function product(downloadId: number): Product {
  const found = products.find((p) => p.ID === downloadId);
  if (!found) throw new Error(`no product ${downloadId}`);
  return found;
}
async function activeSiteCount(licenceId: number): Promise<number> {
  const rows = await t.handle.db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.licenceId, licenceId), isNull(sites.deactivatedAt)));
  return rows.length;
}

describe('GET /products', () => {
  it('lists the complete purchases newest first with X-WP-Total, never the refunded one', async () => {
    expect(products.map((p) => p.name)).toEqual([
      'Agency Bundle',
      'Documentation Plugin',
      'Addons Plugin',
      'Blocks Plugin',
    ]);
    const response = await get('/products?page=1&per_page=3', customer);
    expect(response.headers.get('X-WP-Total')).toBe('4');
    expect(v.parse(ProductListSchema, await response.json())).toHaveLength(3);
    const second = v.parse(
      ProductListSchema,
      await (await get('/products?page=2&per_page=3', customer)).json(),
    );
    expect(second.map((p) => p.name)).toEqual(['Blocks Plugin']);
    // A page past the last one is empty and still tells the total.
    const beyond = await get('/products?page=9&per_page=3', customer);
    expect(await beyond.json()).toEqual([]);
    expect(beyond.headers.get('X-WP-Total')).toBe('4');
    expect(beyond.headers.get('X-WP-TotalPages')).toBe('2');
  });

  it('describes each licence: status, count/limit, expiry, upgrades and the renewal link', () => {
    const blocks = product(downloadIds.blocks);
    expect(blocks.license).toMatchObject({
      status: 'expired',
      limit: 1,
      activation_count: 1,
      has_upgrades: true,
    });
    expect(blocks.license.renewal_link).toBe(
      `${origin}/checkout?action=renew&license=${blocks.license.license_key}&download_id=${downloadIds.blocks}&price_id=1`,
    );
    const documentation = product(downloadIds.documentation);
    expect(documentation.license.expiration).toBe('lifetime');
    expect(documentation.license.sites).toEqual([
      'https://docs.casey-shop.example',
      'https://staging.casey-shop.example',
    ]);
    expect(typeof product(downloadIds.addons).license.expiration).toBe('number');
  });

  it('gives a bundle its bundled products as downloads, others their own file', () => {
    const bundle = product(downloadIds.agencyBundle);
    expect(bundle.is_bundle).toBe(true);
    expect(bundle.downloads).toHaveLength(8);
    expect(bundle.downloads.map((d) => d.download_name)).toContain('Blocks Plugin');
    const addons = product(downloadIds.addons);
    expect(addons.downloads).toHaveLength(1);
    expect(addons.downloads[0]).toMatchObject({
      download_name: 'Addons Plugin',
      file_name: 'addons-plugin.zip',
      download_key: addons.license.license_key,
      payment_id: addons.payment_id,
    });
    expect(addons.downloads[0]?.landing_url).toMatch(
      /^https:\/\/portal\.example\.com\/download\?signature=.+&name=Addons\+Plugin$/,
    );
  });

  it('needs a signed-in user and rejects bad paging', async () => {
    expect((await t.app.request('/api/v1/products')).status).toBe(401);
    expect((await get('/products?per_page=500', customer)).status).toBe(400);
    const empty = await get('/products', other);
    expect(await empty.json()).toEqual([]);
    expect(empty.headers.get('X-WP-Total')).toBe('0');
  });
});

describe('GET /history {payment_id}', () => {
  it('answers the licences of one purchase with their sites, a bundle with its children', async () => {
    const bundle = product(downloadIds.agencyBundle);
    const response = await get(`/history?payment_id=${bundle.payment_id}`, customer);
    expect(response.status).toBe(200);
    const body = v.parse(PurchaseLicensesSchema, await response.json());
    expect(body.payment_id).toBe(bundle.payment_id);
    expect(body.licenses).toHaveLength(9);
    expect(body.licenses[0]).toMatchObject({ name: 'Agency Bundle', sites: ['https://client-one.example'] });
  });
});

describe('POST /site', () => {
  it('adds a site (count goes up), counts a www./scheme/slash variant once, and deactivates it', async () => {
    const documentation = product(downloadIds.documentation);
    const request = { payment_id: documentation.payment_id, license_id: documentation.license.license_id };
    const added = await post('/site', customer, {
      ...request,
      type: 'add',
      url: 'http://www.New-Site.example.com/',
    });
    expect(added.status).toBe(200);
    const licence = v.parse(LicenseSchema, await added.json());
    expect(licence.activation_count).toBe(3);
    expect(licence.sites).toContain('http://www.new-site.example.com');

    const again = await post('/site', customer, {
      ...request,
      type: 'add',
      url: 'https://new-site.example.com',
    });
    expect(v.parse(LicenseSchema, await again.json()).activation_count).toBe(3);
    expect(await activeSiteCount(licence.license_id)).toBe(3);

    const removed = await post('/site', customer, {
      ...request,
      type: 'remove',
      url: 'http://new-site.example.com',
    });
    expect(removed.status).toBe(200);
    const after = v.parse(LicenseSchema, await removed.json());
    expect(after.activation_count).toBe(2);
    expect(after.sites).not.toContain('http://www.new-site.example.com');
  });

  it('refuses a site beyond the limit and on an expired licence, and a URL that is no site', async () => {
    const addons = product(downloadIds.addons);
    const full = await post('/site', customer, {
      payment_id: addons.payment_id,
      license_id: addons.license.license_id,
      type: 'add',
      url: 'https://second.example.com',
    });
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ code: 'activation_limit_reached' });

    const blocks = product(downloadIds.blocks);
    const expired = await post('/site', customer, {
      payment_id: blocks.payment_id,
      license_id: blocks.license.license_id,
      type: 'add',
      url: 'https://another.example',
    });
    expect(expired.status).toBe(409);
    expect(await expired.json()).toMatchObject({ code: 'license_expired' });
    expect(await activeSiteCount(blocks.license.license_id)).toBe(1);

    const documentation = product(downloadIds.documentation);
    const nonsense = await post('/site', customer, {
      payment_id: documentation.payment_id,
      license_id: documentation.license.license_id,
      type: 'add',
      url: 'http://',
    });
    expect(nonsense.status).toBe(400);
    expect(await nonsense.json()).toMatchObject({
      code: 'validation_error',
      data: { fields: { url: expect.any(String) } },
    });
  });

  it('lets an expired licence deactivate its site', async () => {
    const blocks = product(downloadIds.blocks);
    const request = { payment_id: blocks.payment_id, license_id: blocks.license.license_id };
    const removed = await post('/site', customer, {
      ...request,
      type: 'remove',
      url: 'http://old-blog.example',
    });
    expect(removed.status).toBe(200);
    expect(await activeSiteCount(blocks.license.license_id)).toBe(0);
    const missing = await post('/site', customer, {
      ...request,
      type: 'remove',
      url: 'http://old-blog.example',
    });
    expect(missing.status).toBe(404);
  });

  it('refuses a licence id paired with another purchase of the same user', async () => {
    const addons = product(downloadIds.addons);
    const documentation = product(downloadIds.documentation);
    const response = await post('/site', customer, {
      payment_id: addons.payment_id,
      license_id: documentation.license.license_id,
      type: 'add',
      url: 'https://mixed.example',
    });
    expect(response.status).toBe(404);
  });
});

describe('concurrent activations', () => {
  it('50 simultaneous adds with different URLs on a limit-5 licence store exactly 5 sites', async () => {
    const db = t.handle.db;
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'customer@example.com'));
    if (!owner) throw new Error('no demo customer');
    const [payment] = await db
      .insert(payments)
      .values({
        number: 'RACE-1',
        userId: owner.id,
        email: 'customer@example.com',
        status: 'complete',
        gateway: 'manual',
        purchaseKey: 'race-purchase-key',
        subtotalCents: 14_900,
        totalCents: 14_900,
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error('no payment');
    const [licence] = await db
      .insert(licences)
      .values({
        key: 'race-licence-key',
        userId: owner.id,
        paymentId: payment.id,
        downloadId: downloadIds.blocks,
        priceId: 2,
        status: 'inactive',
        activationLimit: 5,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: licences.id });
    if (!licence) throw new Error('no licence');

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        post('/site', customer, {
          payment_id: payment.id,
          license_id: licence.id,
          type: 'add',
          url: `https://race-${index}.example.com`,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    expect(await activeSiteCount(licence.id)).toBe(5);
  });
});

describe('concurrent removals', () => {
  it('20 simultaneous removals of one site: one answers 200, the others 404, the site deactivated once', async () => {
    const documentation = product(downloadIds.documentation);
    const request = { payment_id: documentation.payment_id, license_id: documentation.license.license_id };
    const url = 'https://removed-once.example.com';
    expect((await post('/site', customer, { ...request, type: 'add', url })).status).toBe(200);
    const before = await activeSiteCount(request.license_id);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post('/site', customer, { ...request, type: 'remove', url })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(19);
    const refused = await responses[statuses.indexOf(404)]?.json();
    expect(refused).toMatchObject({ message: 'This site is not active on this license.' });
    const rows = await t.handle.db
      .select({ deactivatedAt: sites.deactivatedAt })
      .from(sites)
      .where(and(eq(sites.licenceId, request.license_id), eq(sites.url, url)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.deactivatedAt).not.toBeNull();
    expect(await activeSiteCount(request.license_id)).toBe(before - 1);
  });
});

describe('GET /upgrades', () => {
  it('lists name, prorated cost and a checkout link', async () => {
    // The seed's Addons licence: $49.97 a year, bought 200 days ago, 165 of its 365 days left.
    const addons = product(downloadIds.addons);
    const response = await get(`/upgrades?license_id=${addons.license.license_id}`, customer);
    const upgrades = v.parse(UpgradeListSchema, await response.json());
    const credit = Math.round((4_997 * 165) / 365);
    expect(upgrades[0]).toEqual({
      name: 'Addons Plugin – Unlimited Sites',
      cost: (9_997 - credit) / 100,
      link: `${origin}/checkout?action=upgrade&license=${addons.license.license_key}&download_id=${downloadIds.addons}&price_id=3`,
      download_id: downloadIds.addons,
      price_id: 3,
    });
  });

  it('offers an expired licence no upgrade: it is renewed first', async () => {
    const blocks = product(downloadIds.blocks);
    expect(blocks.license.has_upgrades).toBe(true);
    const response = await get(`/upgrades?license_id=${blocks.license.license_id}`, customer);
    expect(await response.json()).toEqual([]);
  });

  it('gives a bundle child nothing to upgrade', async () => {
    const bundle = product(downloadIds.agencyBundle);
    const history = v.parse(
      PurchaseLicensesSchema,
      await (await get(`/history?payment_id=${bundle.payment_id}`, customer)).json(),
    );
    const child = history.licenses[1];
    expect(child?.has_upgrades).toBe(false);
    expect(await (await get(`/upgrades?license_id=${child?.license_id}`, customer)).json()).toEqual([]);
  });
});

describe("another customer's ids", () => {
  it('answer 404 on every call and change nothing', async () => {
    const addons = product(downloadIds.addons);
    const documentation = product(downloadIds.documentation);
    const before = await activeSiteCount(documentation.license.license_id);
    const history = await get(`/history?payment_id=${addons.payment_id}`, other);
    expect(history.status).toBe(404);
    expect(await history.text()).not.toContain(addons.license.license_key);
    expect((await get(`/upgrades?license_id=${addons.license.license_id}`, other)).status).toBe(404);
    const base = { payment_id: documentation.payment_id, license_id: documentation.license.license_id };
    const add = await post('/site', other, { ...base, type: 'add', url: 'https://intruder.example' });
    expect(add.status).toBe(404);
    const remove = await post('/site', other, {
      ...base,
      type: 'remove',
      url: documentation.license.sites[0],
    });
    expect(remove.status).toBe(404);
    expect(await activeSiteCount(documentation.license.license_id)).toBe(before);
  });
});
