import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { memoryLogger } from '../../server/logger';
import { type RunningServer, startServer } from '../../server/main';
import { serveDirectory } from './static-server';

/*
 * The React host app, built by run.sh with real React from `vendor-portal/react`, served from its own
 * origin (port 18252) against the real API on another (18251): the checkout and the news render in the
 * components' shadow roots, call the API across origins, and report their events to the app.
 */
const appPort = 18_252;
const apiPort = 18_251;
const appOrigin = `http://127.0.0.1:${appPort}`;

let api: RunningServer;
let app: Server;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vendor-react-host-'));
  app = await serveDirectory(join(import.meta.dirname, 'dist'), appPort);
  api = await startServer({
    port: apiPort,
    host: '127.0.0.1',
    dataDir,
    allowedOrigins: [appOrigin],
    seedDemoData: true,
    logger: memoryLogger(),
  });
});

test.afterAll(async () => {
  await api?.close();
  await new Promise((done) => app?.close(done));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a React app renders <Checkout> and <News> from vendor-portal/react and hears their events', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto(`${appOrigin}/?api-base=${encodeURIComponent(`${api.url}/api/v1`)}`);

  // The host's own React renders the components, not the embed build's Preact.
  const reactVersion = JSON.parse(readFileSync('node_modules/react/package.json', 'utf8')).version;
  await expect(page.locator('[data-react-version]')).toHaveAttribute('data-react-version', reactVersion);

  // The checkout: the empty cart of spec §2, then a product added from its grid.
  const checkout = page.locator('.co[part="root"]');
  await expect(checkout.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  const blocks = checkout
    .locator('[part="product"]')
    .filter({ has: page.getByRole('heading', { name: 'Blocks Plugin', exact: true }) });
  await blocks.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(checkout.locator('[part="cart"]')).toContainText('Blocks Plugin');
  await expect(checkout.locator('[part="payment-form"]')).toBeVisible();

  // Its events reached the app through onVendorEvent: the load of the empty cart, then the addition.
  const log = page.getByRole('list', { name: 'Vendor events' }).getByRole('listitem');
  await expect
    .poll(async () => (await log.allTextContents()).filter((name) => name === 'vendor-cart-changed').length)
    .toBeGreaterThanOrEqual(2);

  // The news, in the dark theme the app asked for: the element's own styles apply inside its shadow root.
  const news = page.locator('section.news[part="root"]');
  await expect(news.getByRole('heading', { name: 'From the vendor' })).toBeVisible();
  await expect(news.locator('[part="post"]')).toHaveCount(3);
  const newsHost = page.locator('div[theme="dark"]');
  await expect(newsHost).toHaveCSS('background-color', 'rgb(20, 24, 33)');
  // ...and do not leak out: the app's own heading keeps the browser's default font.
  const appFont = await page
    .getByRole('heading', { name: 'Our shop' })
    .evaluate((node) => getComputedStyle(node).fontFamily);
  expect(appFont).not.toContain('system-ui');

  expect(errors).toEqual([]);
});
