import { chromium } from 'playwright';

/** The seeded demo customer (server/README.md). */
const customer = { username: 'customer@example.com', password: 'Customer#2026' };

/** Signs the demo customer in through the API, as `<vendor-sign-in>` does, and returns the token. */
export async function signInCustomer(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(customer),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error('sign-in answered no token');
  return token;
}

/**
 * Puts the token where the elements read it (`localStorage.access_token` of the origin) in the default
 * profile of the Chromium that Lighthouse audits in; a request header would not do, the token is read
 * from storage.
 */
export async function storeToken(debuggingPort: number, origin: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the browser has no default context');
    const page = await context.newPage();
    await page.goto(`${origin}/healthz`);
    await page.evaluate((value) => localStorage.setItem('access_token', value), token);
    // Lighthouse keeps storage (and so the cache) on this run: start from an empty cache anyway, as a
    // first visit would, whatever pages were audited before in this browser.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects only: the browser belongs to chrome-launcher.
    await browser.close();
  }
}
