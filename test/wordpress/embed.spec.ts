import { expect, test } from '@playwright/test';
import { checkout, fillBilling, payWithCard, result, uniqueEmail } from '../e2e/support/checkout';
import { expectAccessible, requestsOf, storeUrl, wordpressUrl, wpSignIn } from './support/site';

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
