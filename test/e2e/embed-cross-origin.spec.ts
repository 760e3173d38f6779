import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ConsoleMessage, expect, type Page, type Response, test } from '@playwright/test';
import { loadConfig } from '../../server/config';
import { allowedOriginsWithDemo, type DemoOrigin, startDemoOrigin } from '../../server/demo-origin';
import { memoryLogger } from '../../server/logger';
import { type RunningServer, startServer } from '../../server/main';
import { demoAccounts } from './support/session';

/*
 * The cross-origin demo of issue #15, as `npm start` opens it in development: the portal server on one
 * port, the partner page (server/demo-origin.ts) on the next, allowed by default; and a third origin
 * nobody listed, serving the same page, which the API must refuse.
 */
const apiPort = 18_311;
const partnerPort = apiPort + 1;
const strangerPort = 18_313;

let api: RunningServer;
/** The server's request log: preflights are answered by the server, never shown to the page. */
const serverLog = memoryLogger();
let partner: DemoOrigin;
let stranger: DemoOrigin;

test.beforeAll(async () => {
  // Migrating and seeding a fresh database takes a while on a busy machine.
  test.setTimeout(120_000);
  // The development defaults, read as main.ts reads them: DEMO_ORIGIN_PORT unset means PORT + 1, allowed.
  const config = loadConfig({ NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(apiPort) });
  expect(config.demoOriginPort).toBe(partnerPort);
  api = await startServer({
    port: apiPort,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'vendor-e2e-cross-origin-')),
    allowedOrigins: allowedOriginsWithDemo(config),
    seedDemoData: true,
    logger: serverLog,
  });
  partner = await startDemoOrigin({ port: partnerPort, host: '127.0.0.1', mainOrigin: api.url });
  stranger = await startDemoOrigin({ port: strangerPort, host: '127.0.0.1', mainOrigin: api.url });
});

test.afterAll(async () => {
  await Promise.all([api?.close(), partner?.close(), stranger?.close()]);
});

/** `METHOD path status` of every request the server answered since `from` (an index in its log). */
function answered(from: number): string[] {
  return serverLog.entries.slice(from).flatMap(({ message, fields }) => {
    if (message !== 'request') return [];
    const { method, path, status } = fields as { method: string; path: string; status: number };
    return [`${method} ${path} ${status}`];
  });
}

/** What the page asked of the API and what the browser said in its console. */
function record(page: Page) {
  const apiResponses: Response[] = [];
  const consoleErrors: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${api.url}/api/`)) apiResponses.push(response);
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { apiResponses, consoleErrors };
}

async function signIn(page: Page) {
  const form = page.locator('vendor-sign-in');
  await form.getByLabel('Email').fill(demoAccounts.customer.username);
  await form.getByLabel('Password').fill(demoAccounts.customer.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('a customer signs in on a page of another origin and sees their licences there, under CORS', async ({
  page,
}) => {
  const { apiResponses, consoleErrors } = record(page);
  const logStart = serverLog.entries.length;
  await page.goto(`${partner.url}/`);
  const licences = page.locator('vendor-licenses');
  await expect(licences).toContainText('Sign in to see your products and licences.');

  await signIn(page);
  // The element goes to its `redirect` ("/", this page) once signed in; the page loads again.
  await page.waitForURL(`${partner.url}/`);
  await expect(licences.getByRole('heading', { name: 'My Products' })).toBeVisible();
  // The sign-in element on the reloaded page knows the visitor is signed in.
  await expect(page.locator('vendor-sign-in').getByText('You are signed in.')).toBeVisible();
  for (const name of ['Agency Bundle', 'Documentation Plugin', 'Addons Plugin', 'Blocks Plugin']) {
    await expect(licences.locator('tbody tr', { hasText: name })).toBeVisible();
  }

  // Every API call left this origin for the server's, and the server let this origin read the answers
  // (it names the request's Origin in Access-Control-Allow-Origin only when that origin is allowed).
  expect(apiResponses.map((response) => new URL(response.url()).pathname)).toEqual(
    expect.arrayContaining(['/api/v1/signin', '/api/v1/products']),
  );
  for (const response of apiResponses) {
    expect(response.headers()['access-control-allow-origin'], response.url()).toBe(partner.url);
    expect(response.headers()['access-control-allow-credentials']).toBe('true');
  }
  // JSON bodies and the token in X-WP-Nonce make the browser ask first; the server said yes.
  expect(answered(logStart)).toEqual(
    expect.arrayContaining(['OPTIONS /api/v1/signin 204', 'OPTIONS /api/v1/products 204']),
  );
  expect(consoleErrors).toEqual([]);

  // The token lives in this origin's storage, not the server's, and the API accepts it from here.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token).toMatch(/\S{20,}/);
  const status = await page.evaluate(
    async ({ base, value }) =>
      (await fetch(`${base}/api/v1/products`, { headers: { 'X-WP-Nonce': value ?? '' } })).status,
    { base: api.url, value: token },
  );
  expect(status).toBe(200);
  await page.goto(`${api.url}/healthz`);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('an origin not in ALLOWED_ORIGINS is refused: no answer reaches its page, no token is stored', async ({
  page,
}) => {
  const { consoleErrors } = record(page);
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(new URL(request.url()).pathname));
  const logStart = serverLog.entries.length;
  await page.goto(`${stranger.url}/`);
  await signIn(page);
  await expect.poll(() => consoleErrors.join('\n')).toContain('blocked by CORS policy');
  // The server refused the preflight, so the browser never sent the credentials.
  expect(answered(logStart)).toContain('OPTIONS /api/v1/signin 403');
  expect(answered(logStart)).not.toContain('POST /api/v1/signin 200');
  expect(failed).toContain('/api/v1/signin');
  // Still on the stranger's page, signed out, the licences still asking for a sign-in.
  await expect(page.locator('vendor-licenses')).toContainText('Sign in to see your products and licences.');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(page.url()).toBe(`${stranger.url}/`);
});
