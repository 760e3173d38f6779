import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { checkout, fillBilling, payWithCard, result, uniqueEmail } from '../e2e/support/checkout';
import { expectAccessible, requestsOf, storeUrl, wordpressUrl, wpPhp, wpSignIn } from './support/site';

/*
 * Issue 29, the shop's side: the vendor-portal plugin puts the elements into WordPress pages, which call
 * the real server cross-origin (ALLOWED_ORIGINS lists the WordPress origin).
 */

test('a page holding [vendor_checkout download_id="4372"] shows the product and completes a sandbox purchase', async ({
  page,
}) => {
  const urls = await requestsOf(page, '/?pagename=checkout');
  expect(urls.filter((url) => url === `${storeUrl}/widgets/loader.js`)).toHaveLength(1);
  await expect(page.locator('script[type="module"][src$="/widgets/loader.js"]')).toHaveCount(1);
  await expect(checkout(page).getByText('Addons Plugin').first()).toBeVisible();
  await expect(checkout(page).locator('[part="payment-form"]')).toBeVisible();
  await expectAccessible(page, 'vendor-checkout');

  await fillBilling(page, uniqueEmail('wordpress'));
  await checkout(page)
    .getByRole('button', { name: /^Pay \$/ })
    .click();
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/payment-success\?/);
  await expect(result(page).getByText('Thank you for your purchase!')).toBeVisible({ timeout: 30_000 });
  await expect(result(page).getByText('Addons Plugin').first()).toBeVisible();
});

test('a page without an element loads no widget script and no element CSS', async ({ page }) => {
  const urls = await requestsOf(page, '/?pagename=about');
  await expect(page.getByRole('heading', { name: 'About us' })).toBeVisible();
  expect(urls.filter((url) => url.startsWith(storeUrl))).toEqual([]);
  await expect(page.locator('#vendor-portal-loader-inline-css')).toHaveCount(0);
});

test('a page with a shortcode and a block loads the loader once, as a module', async ({ page }) => {
  const urls = await requestsOf(page, '/?pagename=two');
  await expect(page.locator('vendor-news')).toHaveCount(2);
  await expect(page.locator('vendor-news').nth(1)).toHaveAttribute('heading', 'More news');
  expect(urls.filter((url) => url === `${storeUrl}/widgets/loader.js`)).toHaveLength(1);
  await expect(page.locator('script[src$="/widgets/loader.js"]')).toHaveCount(1);
  await expect(page.locator('script[type="module"][src$="/widgets/loader.js"]')).toHaveCount(1);
});

test('shortcode attributes are escaped, links keep only http(s), unknown attributes are dropped', async ({
  page,
}) => {
  await page.goto('/?pagename=hostile');
  const news = page.locator('vendor-news');
  await expect(news).toHaveAttribute('heading', '" onmouseover="alert(1)');
  expect(await news.getAttribute('browse-url')).not.toContain('javascript:');
  expect(await news.getAttribute('onmouseover')).toBeNull();
  expect(await news.getAttribute('unknown')).toBeNull();
  await expect(page.locator('vendor-news')).toHaveCount(1);
});

test('the block editor inserts the checkout block, with its attributes in the inspector, and the published page shows it', async ({
  page,
}) => {
  await wpSignIn(page);
  await page.goto('/wp-admin/post-new.php?post_type=page');
  // The editor greets a first visit with its welcome guide, over the canvas.
  const welcome = page.getByRole('dialog', { name: /Welcome to the block editor/ });
  if (await welcome.isVisible()) await welcome.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('textbox', { name: 'Add title' }).fill('Checkout from a block');
  await page.getByRole('button', { name: 'Toggle block inserter' }).click();
  await page.getByRole('searchbox', { name: 'Search for blocks and patterns' }).fill('Checkout');
  await page.getByRole('option', { name: /^\W*Checkout$/ }).click();
  await expect(page.getByText('Shows <vendor-checkout> on the published page.')).toBeVisible();

  // The inspector is open beside the canvas on a wide screen; open it when it is not.
  const downloadId = page.getByLabel('Download id');
  if (!(await downloadId.isVisible()))
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await downloadId.fill('342422');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page
    .getByRole('region', { name: 'Editor publish' })
    .getByRole('button', { name: 'Publish', exact: true })
    .click();
  const view = page
    .getByRole('region', { name: 'Editor publish' })
    .getByRole('link', { name: 'View Page' })
    .first();
  await expect(view).toBeVisible();
  const href = await view.getAttribute('href');
  expect(href).toContain(wordpressUrl);

  await page.goto(href ?? '/');
  const element = checkout(page);
  await expect(element).toHaveAttribute('download-id', '342422');
  await expect(element).toHaveAttribute('api-base', `${storeUrl}/api/v1`);
  await expect(element.getByText('Documentation Plugin').first()).toBeVisible();
});

test('the settings page saves its settings with a nonce, names the origin to allow and passes axe', async ({
  page,
}) => {
  await wpSignIn(page);
  await page.goto('/wp-admin/options-general.php?page=vendor-portal');
  await expect(page.getByRole('heading', { name: 'Vendor Portal', level: 1 })).toBeVisible();
  await expect(page.locator('#vendor-portal-origin')).toHaveText(wordpressUrl);
  await expect(page.getByLabel('Portal URL')).toHaveValue(storeUrl);
  await page.getByLabel('Brand colour').fill('#aa3300');
  await page.getByLabel('Theme').selectOption('dark');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(page.getByLabel('Brand colour')).toHaveValue('#aa3300');
  await expectAccessible(page, '.wrap');

  await page.goto('/?pagename=checkout');
  await expect(checkout(page)).toHaveAttribute('theme', 'dark');
  expect(await page.locator('#vendor-portal-loader-inline-css').textContent()).toContain(
    '--vendor-color-primary:#aa3300',
  );

  // Back as install.php left it, for the other tests.
  await page.goto('/wp-admin/options-general.php?page=vendor-portal');
  await page.getByLabel('Brand colour').fill('');
  await page.getByLabel('Theme').selectOption('light');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
});

interface PortalSettings {
  portal_url: string;
  api_base: string;
  theme: string;
  brand: string;
}

/** What the settings page's form posts to options.php (the Settings API), with the given nonce. */
function settingsForm(settings: PortalSettings, nonce?: string): Record<string, string> {
  return {
    option_page: 'vendor-portal',
    action: 'update',
    ...(nonce === undefined ? {} : { _wpnonce: nonce }),
    _wp_http_referer: '/wp-admin/options-general.php?page=vendor-portal',
    'vendor_portal_settings[portal_url]': settings.portal_url,
    'vendor_portal_settings[api_base]': settings.api_base,
    'vendor_portal_settings[theme]': settings.theme,
    'vendor_portal_settings[brand]': settings.brand,
  };
}

/** A nonce of the signed-in user of `context` for the settings form, as the page would print it. */
async function settingsNonce(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(wordpressUrl)).find((c) => c.name.startsWith('wordpress_logged_in_'));
  if (!cookie) throw new Error('not signed in');
  return wpPhp<string>('nonce', decodeURIComponent(cookie.value), 'vendor-portal-options');
}

const postSettings = (request: APIRequestContext, form: Record<string, string>) =>
  request.post('/wp-admin/options.php', { form, maxRedirects: 0 });

test('the settings page refuses a save without a valid nonce, and a subscriber even with one; the option is unchanged', async ({
  browser,
}) => {
  const stored = wpPhp<PortalSettings>('option', 'vendor_portal_settings');
  expect(stored).toEqual({ portal_url: storeUrl, api_base: `${storeUrl}/api/v1`, theme: 'light', brand: '' });
  const hostile: PortalSettings = {
    portal_url: 'https://attacker.example',
    api_base: 'https://attacker.example/api/v1',
    theme: 'dark',
    brand: '#ff0000',
  };

  // An administrator's browser made to post the form by another site: no nonce, or a made-up one.
  const admin = await browser.newContext({ baseURL: wordpressUrl });
  const adminPage = await admin.newPage();
  await wpSignIn(adminPage);
  const missing = await postSettings(admin.request, settingsForm(hostile));
  expect(missing.status()).toBe(403);
  expect(await missing.text()).toContain('The link you followed has expired.');
  expect((await postSettings(admin.request, settingsForm(hostile, '0123456789'))).status()).toBe(403);
  expect(wpPhp<PortalSettings>('option', 'vendor_portal_settings')).toEqual(stored);

  // A subscriber: the page is closed to them, and options.php refuses even a nonce of their own.
  const subscriber = await browser.newContext({ baseURL: wordpressUrl });
  const subscriberPage = await subscriber.newPage();
  await wpSignIn(subscriberPage, 'subscriber');
  const screen = await subscriberPage.goto('/wp-admin/options-general.php?page=vendor-portal');
  expect(screen?.status()).toBe(403);
  await expect(subscriberPage.getByText('Sorry, you are not allowed to access this page.')).toBeVisible();
  await expect(subscriberPage.locator('#vendor-portal-portal_url')).toHaveCount(0);
  const subscriberNonce = await settingsNonce(subscriber);
  const bySubscriber = await postSettings(subscriber.request, settingsForm(hostile, subscriberNonce));
  expect(bySubscriber.status()).toBe(403);
  expect(await bySubscriber.text()).toContain('Sorry, you are not allowed to manage options for this site.');
  // Nor is the subscriber's nonce one of the administrator's.
  expect((await postSettings(admin.request, settingsForm(hostile, subscriberNonce))).status()).toBe(403);
  expect(wpPhp<PortalSettings>('option', 'vendor_portal_settings')).toEqual(stored);

  // The same post with the administrator's own nonce is saved: the refusals above were the nonce's and
  // the capability's, not a form WordPress would refuse anyway. Then back as it was.
  const saved = await postSettings(admin.request, settingsForm(hostile, await settingsNonce(admin)));
  expect(saved.status()).toBe(302);
  expect(saved.headers().location).toContain('settings-updated=true');
  expect(wpPhp<PortalSettings>('option', 'vendor_portal_settings')).toEqual(hostile);
  expect((await postSettings(admin.request, settingsForm(stored, await settingsNonce(admin)))).status()).toBe(
    302,
  );
  expect(wpPhp<PortalSettings>('option', 'vendor_portal_settings')).toEqual(stored);
  await admin.close();
  await subscriber.close();
});

interface ElementAttribute {
  attribute: string;
  type: 'string' | 'number' | 'boolean';
  enum: string[] | null;
}
const elements = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../wordpress/vendor-portal/elements.json'), 'utf8'),
) as Record<string, { tag: string; attributes: Record<string, ElementAttribute> }>;

/** A value a shop owner could give each attribute: links to real pages, the first of a list, true. */
const samples: Record<string, string> = {
  download_id: '4372',
  portal_url: storeUrl,
  brand: 'Vendor shop',
  brand_logo: `${storeUrl}/favicon.ico`,
  signature: 'sample-signature',
  download_name: 'example-plugin.zip',
  sign_in_url: `${storeUrl}/auth/sign-in`,
  browse_url: `${wordpressUrl}/?pagename=about`,
  heading: 'Our news',
  query: '?payment_id=1',
  products_url: `${storeUrl}/checkout`,
  redirect: '/user/dashboard',
  conversation_url: '/user/conversations/{id}',
};
function sample(name: string, attribute: ElementAttribute): string {
  const given = samples[name] ?? (attribute.enum ? attribute.enum[0] : undefined);
  if (given) return given;
  if (attribute.type === 'boolean') return 'true';
  if (attribute.type === 'number') return '1';
  throw new Error(`no sample value for ${name}`);
}

/**
 * Publishes a page as the shop owner does, through WordPress's REST API as the editor saves it, then
 * signs out: a visitor opens it. Answers its address.
 */
async function publishPage(page: Page, title: string, content: string): Promise<string> {
  await wpSignIn(page);
  const nonce = await (await page.request.get('/wp-admin/admin-ajax.php?action=rest-nonce')).text();
  const created = await page.request.post('/?rest_route=/wp/v2/pages', {
    headers: { 'X-WP-Nonce': nonce },
    data: { title, status: 'publish', content },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.context().clearCookies();
  return ((await created.json()) as { link: string }).link;
}

/** Waits until each element is upgraded and drawn: its shadow root holds more than styles. */
async function expectDrawn(page: Page, tags: string[]): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (names) =>
          names.filter(
            (tag) =>
              ![...(document.querySelector(tag)?.shadowRoot?.querySelectorAll('*') ?? [])].some(
                (child) => child.localName !== 'style',
              ),
          ),
        tags,
      ),
    )
    .toEqual([]);
  await page.waitForLoadState('networkidle');
}

test('a page holding every shortcode shows each element with its mapped attributes and passes axe', async ({
  page,
}) => {
  const shortcodes = Object.entries(elements).map(
    ([name, element]) =>
      `[vendor_${name.replaceAll('-', '_')}${Object.entries(element.attributes)
        .map(([key, attribute]) => ` ${key}="${sample(key, attribute)}"`)
        .join('')}]`,
  );
  expect(shortcodes).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\[vendor_licenses /),
      expect.stringMatching(/^\[vendor_news /),
      expect.stringMatching(/^\[vendor_portal /),
      expect.stringMatching(/^\[vendor_checkout /),
    ]),
  );
  const link = await publishPage(page, 'Every element', shortcodes.join('\n\n'));
  const urls = await requestsOf(page, link);
  expect(urls.filter((url) => url === `${storeUrl}/widgets/loader.js`)).toHaveLength(1);
  // The page's own elements (not the ones they draw in their shadow roots): one each, with exactly the
  // site's API base and theme and the shortcode's attributes under the element's names.
  const tags = Object.values(elements).map((element) => element.tag);
  const rendered = await page.evaluate(
    (names) =>
      Object.fromEntries(
        names.map((tag) => [
          tag,
          [...document.querySelectorAll(tag)].map((node) =>
            Object.fromEntries([...node.attributes].map((a) => [a.name, a.value])),
          ),
        ]),
      ),
    tags,
  );
  expect(rendered).toEqual(
    Object.fromEntries(
      Object.values(elements).map((element) => [
        element.tag,
        [
          {
            'api-base': `${storeUrl}/api/v1`,
            theme: 'light',
            ...Object.fromEntries(
              Object.entries(element.attributes).map(([key, a]) => [a.attribute, sample(key, a)]),
            ),
          },
        ],
      ]),
    ),
  );
  // Signed out, most show their sign-in prompt; each passes axe.
  await expectDrawn(page, tags);
  for (const tag of tags) await expectAccessible(page, tag);
});

/*
 * <vendor-portal> is the whole account area; on a theme's page, whose content is already in a <main>, it
 * draws no <main> of its own (one main landmark per page: axe landmark-main-is-top-level,
 * landmark-no-duplicate-main).
 */
test('a page holding [vendor_portal] passes axe', async ({ page }) => {
  await page.goto(await publishPage(page, 'Your account', '[vendor_portal]'));
  await expectDrawn(page, ['vendor-portal']);
  await expectAccessible(page, '.wp-block-post-content');
});
