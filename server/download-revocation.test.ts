import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../shared/catalogue';
import { type DownloadItem, DownloadListSchema } from '../shared/schemas/downloads';
import { licences, payments, sites } from './db/schema';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';
import { createLicence } from './test-support/licences';

let t: TestApp;
let customer: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
  customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
});
afterAll(() => t.close());

const revoked = {
  code: 'license_revoked',
  message: 'This download link no longer works: its licence has been refunded or disabled.',
};

const post = (path: string, body: unknown, token?: string) =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: token ? { ...jsonHeaders, 'X-WP-Nonce': token } : jsonHeaders,
    body: JSON.stringify(body),
  });

/** The customer's Downloads page as it is now: each item with its freshly signed links. */
async function downloadList(): Promise<DownloadItem[]> {
  const response = await t.app.request('/api/v1/downloads', { headers: { 'X-WP-Nonce': customer } });
  return v.parse(DownloadListSchema, await response.json());
}

/** The portal's Download button and the landing page, with links signed before `change`. */
async function linksAfter(downloadId: number, change: (item: DownloadItem) => Promise<void>) {
  const item = (await downloadList()).find((d) => d.download_id === downloadId);
  if (!item) throw new Error(`no download ${downloadId}`);
  const { download_name, price_id, payment_id, download_key, token } = item;
  const portal = () =>
    post(
      '/downloads',
      { download_name, download_id: downloadId, price_id, payment_id, download_key, token },
      customer,
    );
  const landing = () => post('/downloads/landing', { signature: token, download_name });
  expect((await portal()).status).toBe(200);
  expect((await landing()).status).toBe(200);
  await change(item);
  return { portal: await portal(), landing: await landing() };
}

describe('signed download links after a refund or a disable', () => {
  it('stop working for the portal download and the landing once the purchase is refunded', async () => {
    const { portal, landing } = await linksAfter(downloadIds.addons, async (item) => {
      await t.handle.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, item.payment_id));
    });
    for (const answer of [portal, landing]) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject(revoked);
    }
  });

  it('stop working once the licence is disabled, a bundled product with its bundle', async () => {
    const { portal, landing } = await linksAfter(downloadIds.documentation, async (item) => {
      await t.handle.db
        .update(licences)
        .set({ status: 'disabled' })
        .where(eq(licences.key, item.download_key));
    });
    for (const answer of [portal, landing]) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject(revoked);
    }

    const bundle = (await downloadList()).find((d) => d.download_id === downloadIds.agencyBundle);
    const nested = bundle?.downloads?.[0];
    if (!bundle || !nested) throw new Error('no bundle download');
    const nestedLanding = () =>
      post('/downloads/landing', { signature: nested.token, download_name: nested.download_name });
    expect((await nestedLanding()).status).toBe(200);
    await t.handle.db
      .update(licences)
      .set({ status: 'disabled' })
      .where(eq(licences.key, bundle.download_key));
    const after = await nestedLanding();
    expect(after.status).toBe(403);
    expect(await after.json()).toMatchObject(revoked);
  });
});

describe('update package links after a refund or a disable', () => {
  async function packageLink(url: string) {
    const licence = await createLicence(t.handle.db, {
      email: 'customer@example.com',
      downloadId: downloadIds.blocks,
      activationLimit: 5,
      status: 'active',
    });
    await t.handle.db.insert(sites).values({ licenceId: licence.id, url });
    const response = await t.app.request('/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        edd_action: 'get_version',
        license: licence.key,
        item_id: String(downloadIds.blocks),
        url,
      }).toString(),
    });
    const info = (await response.json()) as { package: string };
    expect(info.package).toMatch(/\/api\/v1\/releases\/package\//);
    const path = new URL(info.package).pathname;
    expect((await t.app.request(path)).status).toBe(200);
    return { licence, path };
  }

  it('answer 403 once the purchase is refunded', async () => {
    const { licence, path } = await packageLink('https://refunded.shop.com');
    await t.handle.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, licence.paymentId));
    const answer = await t.app.request(path);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject(revoked);
  });

  it('answer 403 once the licence is disabled', async () => {
    const { licence, path } = await packageLink('https://disabled.shop.com');
    await t.handle.db.update(licences).set({ status: 'disabled' }).where(eq(licences.id, licence.id));
    const answer = await t.app.request(path);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject(revoked);
  });
});
