import { type Browser, expect, type Page, test } from '@playwright/test';
import { mayOpen } from '../../portal/access';
import { authRoutes, fullPath, publicRoutes, userRoutes } from '../../portal/routes';
import { centreMisses, openTab, settle, tabCount, trackRequests } from './support/centre-hits';
import { headingProblems } from './support/headings';
import {
  clippedTexts,
  headingBelowFirstScreen,
  overflowingCards,
  sidewaysOverflow,
} from './support/layout-checks';
import { axeViolations, type DemoAccount, demoAccounts } from './support/session';

/**
 * Issue 25's layout sweep (grown from issue 23's "click the centre"): every portal route for every demo
 * role, and every element's demo page, at 320, 390, 768, 1280 and 1920 px. On each page, and on each of
 * its tabs' panels: the document does not scroll sideways; the centre of every visible button and link
 * is that control (nothing covers it, so a click there does what it says); no button or badge clips its
 * text; no table stacked as cards is wider than its card; on a phone the page heading is in the first
 * screen; axe finds no violation. Account pages have
 * one title. A screenshot of every case lands in this test's folder under test-results/ for people to
 * look at. The routes come from the portal's own route table, so a new route is swept without editing this.
 */
const widths = [320, 390, 768, 1280, 1920] as const;
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

/** What a sweep found, one line a problem, and what was checked (so it can tell it looked). */
interface Findings {
  problems: string[];
  checked: string[];
}

/** A page of the test, whose pages it visits (a role, or a visitor), and the findings so far. */
interface Probe extends Findings {
  page: Page;
  who: string;
  width: number;
  requests: ReturnType<typeof trackRequests>;
}

/** Checks the page as it is now, naming it `label` in the findings and in its screenshot's name. */
async function check(probe: Probe, label: string): Promise<void> {
  const { page, requests, problems, checked, who, width } = probe;
  await settle(page, requests);
  await page.evaluate(() => scrollTo(0, 0));
  checked.push(label);
  const name = `${who} ${label}`.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
  await page.screenshot({ path: test.info().outputPath(`${width}px`, `${name}.png`), fullPage: true });
  const found = [
    ...(width < 600 ? await headingBelowFirstScreen(page) : []),
    ...(await sidewaysOverflow(page)),
    ...(await clippedTexts(page)),
    ...(await overflowingCards(page)),
    ...(await axeViolations(page)),
    // Last: it scrolls every control into view.
    ...(await centreMisses(page)).map((miss) => `${miss.control} is covered by ${miss.hit}`),
  ];
  for (const problem of found) problems.push(`${who} ${label}: ${problem}`);
}

/** Opens a page and checks it, then each of its tabs' panels in turn. */
async function visit(probe: Probe, path: string): Promise<void> {
  await probe.page.goto(path);
  await check(probe, path);
  if (path.startsWith('/user/')) {
    for (const problem of await headingProblems(probe.page))
      probe.problems.push(`${probe.who} ${path}: ${problem}`);
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
  who: string,
  findings: Findings,
  run: (probe: Probe) => Promise<void>,
) {
  // Phones as phones: touch, and a phone's height.
  const phone = width < 600;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    hasTouch: phone,
    isMobile: phone,
  });
  try {
    const page = await context.newPage();
    await run({ page, who, width, requests: trackRequests(page), ...findings });
  } finally {
    await context.close();
  }
}

for (const width of widths) {
  test(`at ${width} px, every portal route of every role and every demo page lays out as it should`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const findings: Findings = { problems: [], checked: [] };

    // One browser context per role and one for a visitor, side by side: most of the time is waiting.
    const asRoles = roles.map((role) =>
      withProbe(browser, width, role, findings, async (probe) => {
        const { token, user } = await signIn(probe.page, role);
        const ids = await idsOf(probe.page, token);
        await probe.page.addInitScript((value) => localStorage.setItem('access_token', value), token);
        for (const path of userPages(user, ids)) await visit(probe, path);
        // The elements' demo pages as a signed-in customer show the licences table too.
        if (role === 'customer') for (const path of ['/demo/', '/demo/themes/']) await visit(probe, path);
      }),
    );
    const asVisitor = withProbe(browser, width, 'visitor', findings, async (probe) => {
      for (const entry of [...authRoutes, ...publicRoutes]) await visit(probe, fullPath(entry));
      // The themes page adds its product (`download-id`) to the cart: the demo page and the portal's
      // checkout then show the checkout with a cart line.
      for (const path of ['/demo/', '/demo/themes/', '/demo/?cart-line', '/checkout'])
        await visit(probe, path);
    });
    await Promise.all([...asRoles, asVisitor]);

    expect(findings.problems.sort()).toEqual([]);
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
