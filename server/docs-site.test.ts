import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../vite.shared';
import { createApp } from './app';
import { loadConfig } from './config';
import type { DatabaseHandle } from './db';
import { memoryLogger } from './logger';
import { createMailer } from './mail/mailer';
import { defaultPaths, type RunningServer, startServer } from './main';
import { createTestDatabase } from './test-support/database';

/** A site shaped like Storybook's static output after the inline scripts were moved to files. */
async function fakeDocsSite(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vendor-docs-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><title>Docs</title><script src="./inline-0123456789abcdef.js"></script>\n',
  );
  await writeFile(join(dir, 'iframe.html'), '<!doctype html><title>Preview</title>\n');
  // Over compress()'s 1 KB threshold, so the gzip answer is checked on it.
  await writeFile(join(dir, 'assets', 'iframe-Ab3dE9_x.js'), `export const story = "${'x'.repeat(4096)}";\n`);
  return dir;
}

let handle: DatabaseHandle;
let builtDir: string;
let emptyDir: string;

async function appServing(docsDir: string) {
  const config = loadConfig({ NODE_ENV: 'test' });
  return createApp({
    db: handle.db,
    config,
    logger: memoryLogger(),
    mailer: createMailer(config, handle.db),
    paths: { ...defaultPaths, docsDir },
    publicOrigin: () => null,
  });
}

beforeAll(async () => {
  handle = await createTestDatabase();
  builtDir = await fakeDocsSite();
  emptyDir = await mkdtemp(join(tmpdir(), 'vendor-docs-missing-'));
});
afterAll(() => handle.close());

describe('/docs/ serves the Storybook build', () => {
  it('redirects /docs to /docs/', async () => {
    const response = await (await appServing(builtDir)).request('/docs');
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/docs/');
  });

  it('answers /docs/ with the site page, revalidated, under the page CSP without inline scripts', async () => {
    const response = await (await appServing(builtDir)).request('/docs/', {
      headers: { Accept: 'text/html' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<title>Docs</title>');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    // The manager shows each story in a same-origin iframe.
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('serves the preview page and hashed bundles, cached for a year and gzipped', async () => {
    const app = await appServing(builtDir);
    const preview = await app.request('/docs/iframe.html');
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('<title>Preview</title>');

    const bundle = await app.request('/docs/assets/iframe-Ab3dE9_x.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('Content-Type')).toMatch(/javascript/);
    expect(bundle.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers.get('Content-Encoding')).toBe('gzip');
    expect(bundle.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
  });

  it('answers a missing page with a 404 page, not the redirect to sign-in other unknown pages get', async () => {
    const response = await (await appServing(builtDir)).request('/docs/no-such-page.html', {
      headers: { Accept: 'text/html' },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('No such page in the documentation');
  });

  it('never leaves the site directory', async () => {
    const app = await appServing(join(builtDir, 'assets'));
    for (const path of ['/docs/..%2findex.html', '/docs/%2e%2e/index.html', '/docs/..%5cindex.html']) {
      const response = await app.request(path);
      expect(await response.text(), path).not.toContain('<title>Docs</title>');
    }
  });
});

describe('/docs/ before the site is built', () => {
  it.each(['/docs/', '/docs/iframe.html'])(
    '%s says how to build it, without the server path',
    async (path) => {
      const response = await (await appServing(emptyDir)).request(path, { headers: { Accept: 'text/html' } });
      expect(response.status).toBe(404);
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      const page = await response.text();
      expect(page).toContain('The documentation site is not built');
      expect(page).toContain('<code>npm run build-storybook</code>');
      expect(page).not.toContain(emptyDir);
    },
  );
});

/*
 * The real build in real Chromium under the real headers: the manager lists the elements, the preview
 * iframe renders a story, and the CSP blocks nothing. Needs `npm run build-storybook` first (test/run-all.sh
 * builds the site before the tests); without the build there is nothing to check.
 */
const realSite = resolve(import.meta.dirname, '../dist/docs');
const siteBuilt = existsSync(join(realSite, 'index.html'));

describe.skipIf(!siteBuilt)('the built Storybook site in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({
      port: 18261,
      host: '127.0.0.1',
      dataDir: 'memory://',
      logger: memoryLogger(),
      paths: { docsDir: realSite },
    });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('has no inline script left in its pages', async () => {
    for (const page of ['index.html', 'iframe.html']) {
      const html = await readFile(join(realSite, page), 'utf8');
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>\s*\S/g)];
      expect(inline, page).toEqual([]);
    }
  });

  it('has a docs page and the states for every element the bundle ships', async () => {
    const index = JSON.parse(await readFile(join(realSite, 'index.json'), 'utf8')) as {
      entries: Record<string, { type: string; title: string }>;
    };
    const widgetsDir = resolve(import.meta.dirname, '../widgets');
    const tags = readdirSync(widgetsDir)
      .filter((name) => existsSync(join(widgetsDir, name, 'define.ts')))
      .map((name) => `vendor-${name}`);
    expect(tags.length).toBeGreaterThan(10);
    for (const tag of tags) {
      expect(index.entries[`elements-${tag}--docs`]?.type, tag).toBe('docs');
      const stories = Object.values(index.entries).filter(
        (e) => e.type === 'story' && e.title === `Elements/${tag}`,
      );
      const names = stories.map((story) => (story as { name?: string }).name);
      expect(names, tag).toEqual(expect.arrayContaining(['Dark', 'Narrow']));
    }
  });

  it('shows an element page with the snippet and the manifest table', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/docs/iframe.html?id=elements-vendor-news--docs&viewMode=docs`);
    const snippet = page.getByText(
      '<vendor-news api-base="https://portal.example.com/api/v1"></vendor-news>',
    );
    await snippet.waitFor({ timeout: 30_000 });
    const attributes = page.locator('section', { has: page.getByRole('heading', { name: 'Attributes' }) });
    await expect(attributes.getByRole('cell', { name: 'api-base', exact: true }).count()).resolves.toBe(1);
    await page.close();
  }, 60_000);

  it("leaves the reader's portal session alone (the docs share the portal's origin and storage)", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/docs/iframe.html`);
    await page.evaluate(() => localStorage.setItem('access_token', 'reader-real-token'));
    // A story that stands for a signed-in visitor, then one that stands for a signed-out one.
    await page.goto(`${server.url}/docs/iframe.html?id=elements-vendor-licenses--products&viewMode=story`);
    await page.getByRole('heading', { name: 'My Products' }).waitFor({ timeout: 30_000 });
    await page.goto(
      `${server.url}/docs/iframe.html?id=elements-vendor-affiliate--registration&viewMode=story`,
    );
    await page.getByRole('button', { name: 'Register' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBe('reader-real-token');
    await page.close();
  }, 90_000);

  it('shows an element story with no CSP violation', async () => {
    const context = await browser.newContext();
    const violations: string[] = [];
    await context.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    const page = await context.newPage();
    // A story whose fixture has no remote images (the page policy rightly blocks those).
    await page.goto(`${server.url}/docs/?path=/story/elements-vendor-sign-in--form`);
    await page.getByRole('button', { name: 'vendor-licenses' }).waitFor({ timeout: 30_000 });
    const story = page.frameLocator('#storybook-preview-iframe');
    await story.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
    expect(violations).toEqual([]);
    await context.close();
  }, 90_000);
});
