import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, type Route, request, test } from '@playwright/test';
import { type DemoOrigin, startDemoOrigin } from '../../server/demo-origin';
import { type RunningServer, startServer } from '../../server/main';
import { downloadIds } from '../../shared/catalogue/product-ids';
import { checkout, fillBilling, payWithCard, uniqueEmail } from './support/checkout';
import { answerWithFault, type Fault } from './support/fault-sweep';
import { demoAccounts } from './support/session';

/*
 * A referral URL that leads to the shop's own checkout page on another origin (the WordPress plugin's
 * page: the loader and <vendor-checkout>, test/e2e/pages/shop-checkout.html). The checkout records the
 * visit there (POST /referral-visits, shared/affiliate/landing.ts), the shop's origin keeps the affwp_*
 * cookies, and the purchase made on that page credits the affiliate. Recording is silent: whatever the
 * call meets, it is sent once and the buyer's checkout works.
 */
const apiPort = 18_331;
const shopPort = apiPort + 1;

let api: RunningServer;
let shop: DemoOrigin;
let affiliateApi: APIRequestContext;
let affiliateId = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  api = await startServer({
    port: apiPort,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'vendor-e2e-referral-')),
    allowedOrigins: [`http://127.0.0.1:${shopPort}`],
    seedDemoData: true,
  });
  shop = await startDemoOrigin({
    port: shopPort,
    host: '127.0.0.1',
    mainOrigin: api.url,
    pageFile: fileURLToPath(new URL('pages/shop-checkout.html', import.meta.url)),
  });
  affiliateApi = await request.newContext({ baseURL: api.url });
  const signedIn = await affiliateApi.post('/api/v1/signin', { data: demoAccounts.affiliate });
  const { token } = (await signedIn.json()) as { token: string };
  affiliateApi = await request.newContext({ baseURL: api.url, extraHTTPHeaders: { 'X-WP-Nonce': token } });
  const answer = await affiliateApi.post('/api/v1/affiliate');
  affiliateId = ((await answer.json()) as { affiliate: { id: number } }).affiliate.id;
});

test.afterAll(async () => {
  await affiliateApi?.dispose();
  await Promise.all([api?.close(), shop?.close()]);
});

/** The shop's checkout page as a referral URL opens it, with the Blocks Plugin added. */
const landing = (campaign: string) =>
  `${shop.url}/?ref=${affiliateId}&campaign=${campaign}&download_id=${downloadIds.blocks}&price_id=1`;

async function affiliateList<T>(list: 'visits' | 'referrals'): Promise<{ total: number; data: T[] }> {
  const answer = await affiliateApi.get(
    `/api/v1/${list}?affiliate_id=${affiliateId}&number=20&offset=0&order=desc`,
  );
  return (await answer.json()) as { total: number; data: T[] };
}

/** Counts the page's requests to record a visit. */
function visitRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (sentRequest) => {
    if (sentRequest.url() === `${api.url}/api/v1/referral-visits`) sent.push(sentRequest.method());
  });
  return sent;
}

test('a referral URL that lands on a checkout of another origin records the visit once, and the purchase there credits the affiliate', async ({
  page,
  context,
}) => {
  const referralsBefore = (await affiliateList('referrals')).total;
  const sent = visitRequests(page);
  const recorded = page.waitForResponse(`${api.url}/api/v1/referral-visits`);
  await page.goto(landing('shop-landing'));
  expect((await (await recorded).json()) as unknown).toMatchObject({
    recorded: true,
    affiliate_id: affiliateId,
  });
  await expect(checkout(page).locator('[part="payment-form"]')).toBeVisible();
  const cookies = Object.fromEntries((await context.cookies(shop.url)).map((c) => [c.name, c.value]));
  expect(cookies).toMatchObject({
    affwp_ref: String(affiliateId),
    affwp_affiliate_id: String(affiliateId),
    affwp_campaign: 'shop-landing',
  });
  expect(cookies.affwp_ref_visit_id).toMatch(/^\d+$/);

  // A reload of the landing is not a new visit.
  await page.goto(landing('shop-landing'));
  await expect(checkout(page).locator('[part="payment-form"]')).toBeVisible();
  expect(sent).toEqual(['POST']);
  const visits = await affiliateList<{ id: number; campaign: string | null; url: string }>('visits');
  expect(visits.data.find(({ id }) => id === Number(cookies.affwp_ref_visit_id))).toMatchObject({
    campaign: 'shop-landing',
    url: expect.stringContaining(`${shop.url}/`),
  });

  await fillBilling(page, uniqueEmail('shop-referred'));
  await checkout(page).getByRole('button', { name: 'Pay $49.00' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/payment-success\?/);
  await expect
    .poll(async () => (await affiliateList('referrals')).total, { timeout: 15_000 })
    .toBe(referralsBefore + 1);
  const credited = await affiliateList<{ id: number; referral_id: number | null }>('visits');
  expect(
    credited.data.find(({ id }) => id === Number(cookies.affwp_ref_visit_id))?.referral_id,
  ).not.toBeNull();
});

const faults: Fault[] = ['500', '503', 'dropped', 'malformed', 'stall'];

test('recording a visit that fails is silent: sent once, no message, no cookie, the checkout works', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const fault of faults) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const stalled: (() => void)[] = [];
    let hits = 0;
    await page.route(`${api.url}/api/v1/referral-visits`, (route: Route) => {
      hits += 1;
      return answerWithFault(route, fault, false, stalled, null);
    });
    await page.goto(landing(`fault-${fault}`));
    const form = checkout(page).locator('[part="payment-form"]');
    await expect(form, fault).toBeVisible();
    await expect(checkout(page).getByRole('button', { name: 'Pay $49.00' }), fault).toBeEnabled();
    // Long enough for a retry loop to show; the client's own time limit ends the stalled one later.
    await page.waitForTimeout(2000);
    expect(hits, fault).toBe(1);
    await expect(checkout(page).getByRole('alert'), fault).toHaveCount(0);
    expect(
      (await context.cookies(shop.url)).map(({ name }) => name),
      fault,
    ).toEqual([]);
    expect(pageErrors, fault).toEqual([]);
    for (const release of stalled) release();
    await context.close();
  }
});
