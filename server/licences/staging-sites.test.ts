import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { LicenseSchema, type Product, ProductListSchema } from '../../shared/schemas/licences';
import { productTiers, sites } from '../db/schema';
import { createTestApp, jsonHeaders, signIn, type TestApp } from '../test-support/app';

let t: TestApp;
let customer: string;
let other: string;
let products: Product[];

beforeAll(async () => {
  t = await createTestApp();
  customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
  other = await signIn(t.app, 'affiliate@example.com', 'Affiliate#2026');
  const response = await t.app.request('/api/v1/products', { headers: { 'X-WP-Nonce': customer } });
  products = v.parse(ProductListSchema, await response.json());
});
afterAll(() => t.close());

function addSite(token: string, licence: Product['license'], url: string) {
  return t.app.request('/api/v1/site', {
    method: 'POST',
    headers: { ...jsonHeaders, 'X-WP-Nonce': token },
    body: JSON.stringify({
      payment_id: licence.payment_id,
      license_id: licence.license_id,
      type: 'add',
      url,
    }),
  });
}
function licenceOf(downloadId: number) {
  const found = products.find((p) => p.ID === downloadId);
  if (!found) throw new Error(`no product ${downloadId}`);
  return found.license;
}
async function storedSites(licenceId: number) {
  return t.handle.db
    .select({ url: sites.url, kind: sites.kind })
    .from(sites)
    .where(and(eq(sites.licenceId, licenceId), isNull(sites.deactivatedAt)))
    .orderBy(sites.id);
}

describe('POST /site with staging and local sites', () => {
  it('keeps them out of the count, refuses a second production site and a 4th staging site', async () => {
    // The demo Addons licence: limit 1, one production site.
    const addons = licenceOf(downloadIds.addons);
    expect(addons).toMatchObject({ limit: 1, activation_count: 1 });

    const staging = await addSite(customer, addons, 'https://staging.example.org');
    expect(staging.status).toBe(200);
    const local = await addSite(customer, addons, 'http://localhost:8080');
    const afterLocal = v.parse(LicenseSchema, await local.json());
    expect(afterLocal).toMatchObject({ activation_count: 1, limit: 1, staging_sites_free: true });
    expect(afterLocal.sites).toEqual([
      'https://casey-shop.example',
      'https://staging.example.org',
      'http://localhost:8080',
    ]);
    expect(afterLocal.site_kinds).toEqual({
      'https://staging.example.org': 'staging',
      'http://localhost:8080': 'local',
    });

    const production = await addSite(customer, addons, 'https://staging-shop.com');
    expect(production.status).toBe(409);
    expect(await production.json()).toMatchObject({ code: 'activation_limit_reached' });

    expect((await addSite(customer, addons, 'http://shop.test')).status).toBe(200);
    const fourth = await addSite(customer, addons, 'https://dev.casey-shop.com');
    expect(fourth.status).toBe(409);
    expect(await fourth.json()).toMatchObject({
      code: 'staging_limit_reached',
      message:
        'Staging and local sites are free, up to 3 per production site. Deactivate one to add another.',
    });

    expect(await storedSites(addons.license_id)).toEqual([
      { url: 'https://casey-shop.example', kind: 'production' },
      { url: 'https://staging.example.org', kind: 'staging' },
      { url: 'http://localhost:8080', kind: 'local' },
      { url: 'http://shop.test', kind: 'local' },
    ]);
  });

  it('counts every site of a tier that switched the feature off', async () => {
    const blocks = licenceOf(downloadIds.blocks);
    // The demo Blocks licence is expired: renew it in place so that only the limit can refuse.
    await t.handle.db.execute(
      `update licences set status = 'active', expires_at = now() + interval '1 day' where id = ${blocks.license_id}`,
    );
    await t.handle.db
      .update(productTiers)
      .set({ stagingSitesFree: false })
      .where(and(eq(productTiers.downloadId, downloadIds.blocks), eq(productTiers.priceId, 1)));

    const history = await t.app.request(`/api/v1/history?payment_id=${blocks.payment_id}`, {
      headers: { 'X-WP-Nonce': customer },
    });
    expect((await history.json()).licenses[0]).toMatchObject({ staging_sites_free: false });
    const refused = await addSite(customer, blocks, 'http://localhost:8080');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'activation_limit_reached' });
    expect(await storedSites(blocks.license_id)).toEqual([
      { url: 'https://old-blog.example', kind: 'production' },
    ]);
  });

  it("answers 404 for another customer's licence and stores nothing", async () => {
    const documentation = licenceOf(downloadIds.documentation);
    const before = await storedSites(documentation.license_id);
    const response = await addSite(other, documentation, 'http://localhost:9000');
    expect(response.status).toBe(404);
    expect(await storedSites(documentation.license_id)).toEqual(before);
  });
});
