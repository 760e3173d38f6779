import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { memoryLogger } from '../../server/logger';
import { type RunningServer, startServer } from '../../server/main';

/*
 * The demo CMS page served from another origin than the API, as a vendor's customer would paste it: its
 * own static server on one port, the API (with that page's origin in ALLOWED_ORIGINS) on another.
 */
let api: RunningServer;
let cms: Server;
let cmsOrigin: string;

test.beforeAll(async () => {
  cms = createServer((request, response) => {
    const html = readFileSync('demo/index.html', 'utf8')
      .replace('src="/widgets/loader.js"', `src="${api.url}/widgets/loader.js"`)
      .replaceAll('api-base="/api/v1"', `api-base="${api.url}/api/v1"`);
    response.writeHead(request.url?.startsWith('/demo/') ? 200 : 404, { 'Content-Type': 'text/html' });
    response.end(html);
  });
  await new Promise<void>((done) => cms.listen(0, '127.0.0.1', done));
  cmsOrigin = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
  api = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'vendor-e2e-checkout-')),
    allowedOrigins: [cmsOrigin],
    seedDemoData: true,
    logger: memoryLogger(),
  });
});

test.afterAll(async () => {
  await api?.close();
  await new Promise((done) => cms?.close(done));
});

/**
 * Exceptions on the page and failed cart calls. (Other elements on the demo page, such as the licences
 * of a signed-in customer, may answer a visitor 401: that is theirs, not the checkout's.)
 */
function watch(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/\/api\/v1\/(cart|add-to-cart|coupon|recapture)/.test(path) && response.status() >= 400) {
      errors.push(`${response.status()} ${path}`);
    }
  });
  return errors;
}

const checkout = (page: Page) => page.locator('vendor-checkout');
const card = (page: Page, name: string): Locator =>
  checkout(page)
    .locator('[part="product"]')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
const lines = (page: Page) => checkout(page).locator('.co__lines > li');
const total = (page: Page) => checkout(page).locator('.co__total');

async function addFromGrid(page: Page, name: string, plan?: string) {
  if (plan) await card(page, name).getByLabel('Plan').selectOption({ label: plan });
  await card(page, name).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(checkout(page).locator('[part="cart"]')).toBeVisible();
}

async function emptyTheCart(page: Page) {
  const remove = checkout(page).getByRole('button', { name: /^Remove / });
  while ((await remove.count()) > 0) {
    await remove.first().click();
    await expect(checkout(page)).not.toHaveAttribute('aria-busy', 'true');
    await page.waitForTimeout(50);
    if (await checkout(page).getByText('Your Cart is Empty').isVisible()) break;
  }
  await expect(checkout(page).getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
}

test('the checkout on a CMS page of another origin: products, tiers, coupons, upsell, AI add-on, split payment, reload', async ({
  page,
}) => {
  const errors = watch(page);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${cmsOrigin}/demo/`);
  const root = checkout(page);
  await expect(root.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(root).toContainText(
    "Looks like you haven't added any Products to your Cart yet, you can add products from below.",
  );
  // Nothing moved while the element loaded (CLS 0).
  expect(
    await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0)),
  ).toBe(0);

  const names = [
    'Addons Plugin',
    'Documentation Plugin',
    'Notification Plugin',
    'Embed Plugin',
    'Links Plugin',
    'Scheduling Plugin',
    'Blocks Plugin',
    'Payment Plugin',
    'Agency Bundle',
  ];
  await expect(root.locator('[part="product"]')).toHaveCount(names.length);
  for (const name of names) {
    await addFromGrid(page, name);
    await expect(lines(page)).toHaveCount(1);
    await expect(lines(page).first()).toContainText(name);
    await emptyTheCart(page);
  }

  // Tier switch in the cart.
  await addFromGrid(page, 'Documentation Plugin');
  await expect(total(page)).toHaveText('$69.00');
  await root.getByLabel('Plan for Documentation Plugin').selectOption({ label: 'Unlimited Sites – $149.00' });
  await expect(total(page)).toHaveText('$149.00');

  // AI add-on: add, monthly → yearly, remove.
  const ai = root.getByLabel(/Add the AI Chatbot Add-on/);
  // click(), not check(): these boxes show the cart, so they change when the server answers.
  await ai.click();
  await expect(lines(page)).toHaveCount(2);
  await expect(total(page)).toHaveText('$157.99');
  await root.getByLabel('Yearly $69.00').click();
  await expect(total(page)).toHaveText('$218.00');
  await ai.click();
  await expect(lines(page)).toHaveCount(1);
  await expect(total(page)).toHaveText('$149.00');

  // Coupons: empty, expired, valid, removed.
  const promo = root.getByLabel('Promo code');
  await root.getByRole('button', { name: 'Apply' }).click();
  await expect(root.getByText('Please insert coupon code')).toBeVisible();
  await promo.fill('EXPIRED15');
  await root.getByRole('button', { name: 'Apply' }).click();
  await expect(root.getByText('This coupon has expired.')).toBeVisible();
  await promo.fill('  save10 ');
  await root.getByRole('button', { name: 'Apply' }).click();
  await expect(root.getByText('APPLIED', { exact: true })).toBeVisible();
  await expect(total(page)).toHaveText('$134.10');
  await expect(promo).toHaveAttribute('readonly', '');

  // Upsell: the higher tier and the agency bundle are offered; ticking the bundle saves old_cart and
  // puts the bundle in; unticking restores the cart and coupon.
  await expect(root.locator('.co__upsell')).toContainText('Documentation Plugin – Lifetime Unlimited');
  await root.getByRole('checkbox', { name: /Agency Bundle – Agency Yearly/ }).click();
  await expect(lines(page)).toHaveCount(1);
  await expect(lines(page).first()).toContainText('Agency Bundle');
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('old_cart') ?? 'null'));
  expect(saved).toEqual({ items: [{ download_id: 342422, price_id: 2 }], coupon: 'SAVE10' });
  await root.getByRole('checkbox', { name: /untick to go back/ }).click();
  await expect(lines(page).first()).toContainText('Documentation Plugin');
  await expect(total(page)).toHaveText('$134.10');
  expect(await page.evaluate(() => localStorage.getItem('old_cart'))).toBeNull();

  await root.getByRole('button', { name: 'Remove coupon' }).click();
  await expect(root.getByRole('button', { name: 'Apply' })).toBeVisible();
  await expect(total(page)).toHaveText('$149.00');

  // Split payment on the agency lifetime bundle.
  await emptyTheCart(page);
  await addFromGrid(page, 'Agency Bundle', 'Agency Lifetime');
  await expect(total(page)).toHaveText('$999.00');
  await root.getByLabel('Split payment').check();
  // A click, not check(): the radio shows the cart's plan, so it is ticked once the server answers.
  await root.getByLabel('6 months × $166.50/month').click();
  await expect(total(page)).toHaveText('$166.50');
  await expect(lines(page).first()).toContainText('/ month');
  // Also a click: the box stays ticked while the plan is still in the cart, until the server answers.
  await root.getByLabel('Split payment').click();
  await expect(total(page)).toHaveText('$999.00');

  // A reload keeps the cart (the guest token in localStorage, the cart on the server).
  await page.reload();
  await expect(lines(page)).toHaveCount(1);
  await expect(lines(page).first()).toContainText('Agency Bundle');
  await expect(root.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
    'href',
    `${api.url}/auth/sign-in?redirect=checkout`,
  );
  expect(errors).toEqual([]);
});

test('a recovery link rebuilds the cart and leaves a clean address', async ({ page }) => {
  const errors = watch(page);
  const contents = encodeURIComponent(
    JSON.stringify([
      { id: 764539, price_id: 2 },
      { id: 78593, price_id: 1 },
    ]),
  );
  await page.goto(`${cmsOrigin}/demo/?contents=${contents}&racart=recovered-cart-1`);
  await expect(lines(page)).toHaveCount(2);
  await expect(lines(page).nth(0)).toContainText('Links Plugin');
  await expect(lines(page).nth(1)).toContainText('Scheduling Plugin');
  await expect(total(page)).toHaveText('$298.00');
  expect(new URL(page.url()).search).toBe('');
  expect(errors).toEqual([]);
});
