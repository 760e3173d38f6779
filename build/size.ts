/**
 * `npm run size`: the gzip budgets of DESIGN §4, measured the way the peers are. For each element, a page
 * of another origin (a tiny server on the next port) loads the loader and that one element from the real
 * server, signed in where the element needs it; Chromium records every JS and CSS response until the
 * element has settled (network idle and no `aria-busy` part left), and the page's cost is the sum of
 * their sizes at gzip -9. What the element loads on demand later (a click, another view) is not counted;
 * what it loads by itself at start (the checkout's payment column once the cart has a line) is.
 *
 * Needs the embed build (`npm run build:widgets`); SIZE_DIR measures a build elsewhere
 * (`npx vite build --outDir dist/before && SIZE_DIR=dist/before npm run size`). SIZE_PORT: the server's port
 * (default 18400), the page's origin is the next one.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright';
import { memoryLogger } from '../server/logger';
import { startServer } from '../server/main';
import { chromiumArgs, chromiumPath } from '../vite.shared';
import { type Account, accounts, type MeasuredPage, pages } from './size-pages';

const port = Number(process.env.SIZE_PORT ?? 18_400);
const widgetsDir = resolve(process.env.SIZE_DIR ?? 'dist/widgets');

/** The host page of another origin: the loader and one element, nothing else. */
function hostPage(api: string, markup: string): string {
  const element = markup.replaceAll('{{API}}', `${api}/api/v1`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>size</title><link rel="icon" href="data:,">
<script type="module" src="${api}/widgets/loader.js"></script></head><body><main>${element}</main></body></html>`;
}

async function signIn(api: string, account: Account): Promise<string> {
  const response = await fetch(`${api}/api/v1/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(accounts[account]),
  });
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error(`sign-in answered ${response.status} with no token`);
  return token;
}

/** Loads one page in a fresh context (empty cache) and sums gzip -9 of its JS and CSS responses. */
async function measure(browser: Browser, url: string, token: string | null): Promise<Loaded[]> {
  // bypassCSP: the portal's own policy forbids the string the settle check is evaluated from.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  if (token) {
    // The token lives in the page origin's storage, where the sign-in element would have put it.
    await page.goto(new URL('/healthz', url).href);
    await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  }
  const loaded: Promise<Loaded>[] = [];
  let recording = true;
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const isCode = type === 'script' || type === 'stylesheet' || /\.(m?js|css)(\?|$)/.test(response.url());
    if (recording && isCode && response.status() === 200)
      loaded.push(
        response.body().then((body) => ({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length })),
      );
  });
  await page.goto(url);
  // Settled: every element has rendered and shows no busy part, and no file came in during a network
  // idle since. Network idle alone is not enough on a loaded machine: a page can be idle between the
  // loader's script and the elements' own requests.
  let count = -1;
  while (count !== loaded.length) {
    count = loaded.length;
    await page.waitForFunction(elementsSettled, undefined, { timeout: 20_000, polling: 100 });
    await page.waitForLoadState('networkidle');
  }
  recording = false;
  const files = await Promise.all(loaded);
  await context.close();
  return files;
}

/**
 * In the page: every `vendor-*` element (in shadow roots too) is defined and has rendered, and nothing is
 * busy. A string, since tsx would give a function's inner helpers a `__name` wrapper the page lacks.
 */
const elementsSettled = `(() => {
  const unsettled = (root) => [...root.querySelectorAll('*')].some((element) => {
    if (element.getAttribute('aria-busy') === 'true') return true;
    if (element.localName.startsWith('vendor-') &&
        (!customElements.get(element.localName) || !element.shadowRoot?.childElementCount)) return true;
    return element.shadowRoot ? unsettled(element.shadowRoot) : false;
  });
  return !unsettled(document);
})()`;

interface Loaded {
  url: string;
  /** Its size at gzip -9, in bytes. */
  gzip: number;
}

/** DESIGN §4's figure for the page, when the page does not meet it yet (its limit then guards growth). */
const targetNote = (page: MeasuredPage, bytes: number) =>
  page.target !== undefined && bytes > page.target * 1000 ? `  (DESIGN §4: ${page.target} KB, not met)` : '';

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} KB`;

async function main(): Promise<number> {
  const hostOrigin = `http://127.0.0.1:${port + 1}`;
  const server = await startServer({
    port,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'vendor-size-')),
    allowedOrigins: [hostOrigin],
    seedDemoData: true,
    logger: memoryLogger(),
    paths: { widgetsDir },
  });
  const slug = (name: string) => `/${name.replace(/\W+/g, '-')}`;
  const byPath = new Map(pages.map((page) => [slug(page.name), page]));
  const host = createServer((request, response) => {
    const page = byPath.get(new URL(request.url ?? '/', hostOrigin).pathname);
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      page && 'markup' in page ? hostPage(server.url, page.markup) : '<!doctype html><title>blank</title>',
    );
  });
  await new Promise<void>((done) => host.listen(port + 1, '127.0.0.1', done));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  let failures = 0;
  try {
    const tokens = new Map<Account, string>();
    for (const page of pages) {
      if (page.account && !tokens.has(page.account))
        tokens.set(page.account, await signIn(server.url, page.account));
      const url = 'path' in page ? `${server.url}${page.path}` : `${hostOrigin}${slug(page.name)}`;
      const files = await measure(browser, url, page.account ? (tokens.get(page.account) ?? null) : null);
      const bytes = files.reduce((sum, file) => sum + file.gzip, 0);
      const over = bytes > page.limit * 1000;
      if (over) failures += 1;
      console.log(
        `${over ? 'FAIL' : 'ok  '} ${page.name.padEnd(24)} ${kb(bytes).padStart(10)}  ≤ ${page.limit} KB${targetNote(page, bytes)}`,
      );
      // SIZE_FILES=1 lists what each page loaded, to see where the bytes go.
      if (process.env.SIZE_FILES)
        for (const file of files)
          console.log(`       ${kb(file.gzip).padStart(9)}  ${new URL(file.url).pathname}`);
    }
  } finally {
    await browser.close();
    host.close();
    await server.close();
  }
  console.log(`${pages.length - failures} of ${pages.length} pages within budget (gzip -9, JS + CSS)`);
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
