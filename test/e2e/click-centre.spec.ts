import { type Browser, expect, type Page, test } from '@playwright/test';
import { mayOpen } from '../../portal/access';
import { authRoutes, fullPath, publicRoutes, userRoutes } from '../../portal/routes';
import {
  type CentreMiss,
  centreMisses,
  openTab,
  settle,
  tabCount,
  trackRequests,
} from './support/centre-hits';
import { headingProblems } from './support/headings';
import { type DemoAccount, demoAccounts } from './support/session';

/**
 * Issue 23, "click the centre": on every portal route, for every demo role, and on every element's demo
 * page, at a desktop and a phone width, the centre point of every visible button and link is that
 * control (or inside it): nothing covers the middle of a control, so a click there does what it says.
 * The routes come from the portal's own route table, so a new route is checked without editing this.
 * Each account page is also checked for one title (one h1, no element heading repeating it), for every
 * role, since the pages walked are the same.
 */
const widths = [1280, 390] as const;
const roles = Object.keys(demoAccounts) as DemoAccount[];

interface Ids {
  paymentId?: number;
  licenceId?: number;
  conversationId?: number;
}

async function signIn(page: Page, role: DemoAccount) {
  const response = await page.request.post('/api/v1/signin', { data: demoAccounts[role] });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { token: string; user: { accountType: string; is_customer: boolean } };
}

/** The ids a role's parameterised routes need, read from its own data (none: the route is skipped). */
async function idsOf(page: Page, token: string): Promise<Ids> {
  const get = async <T>(path: string): Promise<T | undefined> => {
    const response = await page.request.get(`/api/v1${path}`, { headers: { 'X-WP-Nonce': token } });
    return response.ok() ? ((await response.json()) as T) : undefined;
  };
  const history = await get<{ ID: number; products: { license: unknown }[] }[]>('/history');
  const products = await get<{ license: { license_id: number }; has_upgrades: boolean }[]>('/products');
  const tickets = await get<{ conversations: { id: number }[] }>('/tickets');
  return {
    paymentId: history?.find((purchase) => purchase.products.some((product) => product.license))?.ID,
    licenceId: products?.find((product) => product.has_upgrades)?.license.license_id,
    conversationId: tickets?.conversations[0]?.id,
  };
}

/** Every /user page a viewer may open, with its parameters filled in from the viewer's data. */
function userPages(viewer: { accountType: string; is_customer: boolean }, ids: Ids): string[] {
  const pages: string[] = [];
  for (const entry of userRoutes) {
    if (!mayOpen(entry, { accountType: viewer.accountType, isCustomer: viewer.is_customer })) continue;
    const path = fullPath(entry);
    if (path.includes(':id') && entry.key === 'conversations') {
      if (ids.conversationId) pages.push(path.replace(':id', String(ids.conversationId)));
    } else if (path.includes(':')) {
      if (ids.paymentId) pages.push(path.replace(/:[a-zA-Z]+/, String(ids.paymentId)));
    } else if (entry.key === 'upgradeLicense') {
      pages.push(path);
      if (ids.licenceId) pages.push(`${path}?license_id=${ids.licenceId}`);
    } else {
      pages.push(path);
    }
  }
  return pages;
}

/** What a sweep found: the controls covered, and what was checked (so it can tell it looked). */
interface Findings {
  misses: string[];
  checked: string[];
  /** Account pages without exactly one title. */
  titles: string[];
}

/** A page of the test with its request counter, and the findings so far. */
interface Probe extends Findings {
  page: Page;
  requests: ReturnType<typeof trackRequests>;
}

/** Checks the page as it is now, naming it `label` in the misses. */
async function check({ page, requests, misses, checked }: Probe, label: string): Promise<void> {
  await settle(page, requests);
  checked.push(label);
  const found: CentreMiss[] = await centreMisses(page);
  for (const miss of found) misses.push(`${label}: ${miss.control} is covered by ${miss.hit}`);
}

/** Opens a page and checks it, then each of its tabs' panels in turn. */
async function visit(probe: Probe, path: string): Promise<void> {
  await probe.page.goto(path);
  await check(probe, path);
  if (path.startsWith('/user/')) {
    for (const problem of await headingProblems(probe.page)) probe.titles.push(`${path}: ${problem}`);
  }
  const tabs = await tabCount(probe.page);
  for (let index = 1; index < tabs; index++) {
    await openTab(probe.page, index);
    await check(probe, `${path} tab ${index + 1}`);
  }
}

async function withProbe(
  browser: Browser,
  width: number,
  findings: Findings,
  run: (probe: Probe) => Promise<void>,
) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
  try {
    const page = await context.newPage();
    await run({ page, requests: trackRequests(page), ...findings });
  } finally {
    await context.close();
  }
}

for (const width of widths) {
  test(`at ${width} px, the centre of every control of every portal route and demo is that control`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const findings: Findings = { misses: [], checked: [], titles: [] };

    // One browser context per role and one for a visitor, side by side: most of the time is waiting.
    const asRoles = roles.map((role) =>
      withProbe(browser, width, findings, async (probe) => {
        const { token, user } = await signIn(probe.page, role);
        const ids = await idsOf(probe.page, token);
        await probe.page.addInitScript((value) => localStorage.setItem('access_token', value), token);
        for (const path of userPages(user, ids)) await visit(probe, path);
        // The elements' demo pages as a signed-in customer show the licences table too.
        if (role === 'customer') for (const path of ['/demo/', '/demo/themes/']) await visit(probe, path);
      }),
    );
    const asVisitor = withProbe(browser, width, findings, async (probe) => {
      for (const entry of [...authRoutes, ...publicRoutes]) await visit(probe, fullPath(entry));
      // The themes page adds its product (`download-id`) to the cart: the demo page and the portal's
      // checkout then show the checkout with a cart line.
      for (const path of ['/demo/', '/demo/themes/', '/demo/?cart-line', '/checkout'])
        await visit(probe, path);
    });
    await Promise.all([...asRoles, asVisitor]);

    expect(findings.misses.sort()).toEqual([]);
    expect(findings.titles.sort()).toEqual([]);
    // It looked where it means to: every role's pages, the tabs of a page, the checkout with a line.
    expect(findings.checked).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/user\/manage-license\/\d+$/),
        '/user/profile tab 3',
        '/user/manage tab 2',
        '/user/admin_user/dashboard',
        '/demo/?cart-line',
        '/checkout',
      ]),
    );
  });
}

test('at 1280 px, a click on the middle of a licence key Copy button copies the key', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const { token } = await signIn(page, 'customer');
  const { paymentId } = await idsOf(page, token);
  await page.addInitScript((value) => localStorage.setItem('access_token', value), token);
  for (const path of ['/user/dashboard', '/user/my-products', `/user/manage-license/${paymentId}`]) {
    await page.goto(path);
    const copy = page
      .locator('vendor-licenses')
      .getByRole('button', { name: /^Copy the license key of / })
      .first();
    const box = await copy.boundingBox();
    if (!box) throw new Error(`no Copy button on ${path}`);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.locator('vendor-licenses').getByText('License key copied').first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^[0-9a-f]{32}$/);
  }
  await context.close();
});
