import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { memoryLogger } from '../../server/logger';
import { type RunningServer, startServer } from '../../server/main';
import { recordFigures } from '../proof/support/figures';
import { checkout, productCard } from './support/checkout';
import { deviationsFromSpec, findLeaks, keysOutsideSpec, storageKeysSeen } from './support/proof-leaks';
import { TourRecorder } from './support/proof-recorder';
import { demoAccounts } from './support/session';

/*
 * Issue #16, token safety where the elements are pasted into another site: the demo CMS page served
 * from its own origin, the API on another (listed in ALLOWED_ORIGINS). The token lives in the CMS
 * origin's storage and may travel only to the API, in its header: never to the CMS origin itself,
 * never in a URL or Referer, never in the console.
 */

test.describe.configure({ timeout: 180_000 });

const apiPort = 18405;
const cmsPort = 18406;
const cmsOrigin = `http://127.0.0.1:${cmsPort}`;
let api: RunningServer;
let cms: Server;

test.beforeAll(async () => {
  api = await startServer({
    port: apiPort,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'vendor-e2e-proof-cross-')),
    allowedOrigins: [cmsOrigin],
    seedDemoData: true,
    demoOriginPort: null,
    logger: memoryLogger(),
  });
  const html = readFileSync('demo/index.html', 'utf8')
    .replace('src="/widgets/loader.js"', `src="${api.url}/widgets/loader.js"`)
    .replaceAll('api-base="/api/v1"', `api-base="${api.url}/api/v1"`);
  cms = createServer((request, response) => {
    response.writeHead(request.url?.startsWith('/demo/') ? 200 : 404, { 'Content-Type': 'text/html' });
    response.end(html);
  });
  await new Promise<void>((done) => cms.listen(cmsPort, '127.0.0.1', done));
});

test.afterAll(async () => {
  await api?.close();
  await new Promise((done) => cms?.close(done));
});

test('on a CMS page of another origin the token goes only to the API, in its header', async ({
  page,
  context,
}) => {
  const apiOrigin = new URL(api.url).origin;
  const recorder = await TourRecorder.attach(context, apiOrigin);

  // A guest fills a cart on the CMS page: the guest cart token is stored on the CMS origin.
  await page.goto(`${cmsOrigin}/demo/`);
  await productCard(page, 'Blocks Plugin').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(checkout(page).locator('[part="payment-form"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await recorder.snapshotStorage(page);

  // The customer signs in (as a sign-in element on that site would store it), then uses the elements.
  const signIn = await page.request.post(`${api.url}/api/v1/signin`, { data: demoAccounts.customer });
  const { token } = (await signIn.json()) as { token: string };
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  await page.reload();
  await expect(page.locator('vendor-licenses tbody tr').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await recorder.snapshotStorage(page);

  const record = await recorder.settle();
  const toApiWithToken = record.requests.filter(
    (request) => new URL(request.url).origin === apiOrigin && request.headers['x-wp-nonce'] === token,
  );
  const toCms = record.requests.filter((request) => new URL(request.url).origin === cmsOrigin);
  const leaks = findLeaks(record, apiOrigin);
  const outside = keysOutsideSpec(storageKeysSeen(record.storage));
  recordFigures('token-safety-cross-origin', {
    requests_seen: record.requests.length,
    api_requests_with_token: toApiWithToken.length,
    cms_origin_requests: toCms.length,
    token_leaks: leaks.length,
    storage_deviations: outside.join(',') || 'none',
    csp_violations: record.violations.length,
  });
  expect(toApiWithToken.length, 'the elements used the token against the API').toBeGreaterThan(0);
  expect(toCms.length, 'the CMS origin was asked for its page').toBeGreaterThan(0);
  expect(leaks).toEqual([]);
  // The CMS origin's storage: the spec's keys, plus the deviations reported in proof-leaks.ts.
  const reported = Object.keys(deviationsFromSpec.local).map((key) => `local:${key}`);
  expect(outside.filter((key) => !reported.includes(key))).toEqual([]);
});
