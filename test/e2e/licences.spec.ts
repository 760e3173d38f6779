import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAs } from './support/session';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe on the element alone: the demo page around it stands for any CMS page (its own landmarks are
 * the host's business), and the element must be clean wherever it is pasted.
 */
async function expectElementAccessible(page: Page, selector: string): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (target) => {
    const axe = (
      window as unknown as { axe: { run: (context: Element) => Promise<{ violations: { id: string }[] }> } }
    ).axe;
    const element = document.querySelector(target);
    if (!element) throw new Error(`no ${target}`);
    return (await axe.run(element)).violations.map((violation) => violation.id);
  }, selector);
  expect(violations).toEqual([]);
}

/** The customer's products as the API lists them, for ids to put in attributes. */
async function products(page: Page, token: string) {
  const response = await page.request.get('/api/v1/products', { headers: { 'X-WP-Nonce': token } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    name: string;
    payment_id: number;
    license: { license_id: number; license_key: string };
  }[];
}

function row(element: Locator, name: string): Locator {
  return element.locator('tbody tr', { hasText: name });
}

/** Shows another view of the element on the demo page, as a host routing with attributes would. */
async function show(page: Page, attributes: Record<string, string>) {
  await page.evaluate((values) => {
    const element = document.querySelector('vendor-licenses');
    for (const [name, value] of Object.entries(values)) element?.setAttribute(name, value);
  }, attributes);
}

test.describe('<vendor-licenses> on the demo CMS page, as the seeded customer', () => {
  test('My Products: every row, the renewal link, and a real download', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/demo/');
    const element = page.locator('vendor-licenses');
    await expect(element.getByRole('heading', { name: 'My Products' })).toBeVisible();
    await expect(element.locator('tbody tr')).toHaveCount(4);
    for (const name of ['Agency Bundle', 'Documentation Plugin', 'Addons Plugin', 'Blocks Plugin']) {
      await expect(row(element, name)).toBeVisible();
    }
    const renew = row(element, 'Blocks Plugin').getByRole('link', { name: 'Renew License' });
    await expect(renew).toHaveAttribute(
      'href',
      /\/checkout\?action=renew&license=[0-9a-f]{32}&download_id=1677666&price_id=1$/,
    );
    await expect(
      row(element, 'Documentation Plugin').getByRole('button', { name: 'No Upgrades' }),
    ).toBeDisabled();
    await expect(row(element, 'Addons Plugin').getByRole('button', { name: 'View Upgrades' })).toBeVisible();
    await expectElementAccessible(page, 'vendor-licenses');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row(element, 'Addons Plugin').getByRole('button', { name: 'Download Addons Plugin' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('addons-plugin.zip');
    const bytes = readFileSync((await download.path()) ?? '');
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    await row(element, 'Agency Bundle').getByRole('button', { name: 'Download Agency Bundle' }).click();
    const dialog = element.getByRole('dialog', { name: 'Download items in Agency Bundle' });
    await expect(dialog.getByText('Blocks Plugin')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toHaveCount(0);
  });

  test('the expired licence renews through the checkout URL', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/demo/');
    const renew = page.locator('vendor-licenses').getByRole('link', { name: 'Renew License' });
    // The page navigates to the checkout with the renewal query (the checkout may then tidy its URL).
    const [navigation] = await Promise.all([
      page.waitForRequest(/\/checkout\?action=renew&license=[0-9a-f]{32}&download_id=1677666&price_id=1$/),
      renew.click(),
    ]);
    expect(navigation.isNavigationRequest()).toBe(true);
  });

  test('Manage Sites: add a site, the count changes, deactivate it', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/demo/');
    const element = page.locator('vendor-licenses');
    await row(element, 'Documentation Plugin')
      .getByRole('button', { name: 'Manage Sites: Documentation Plugin' })
      .click();
    await expect(element.getByRole('heading', { name: 'Manage Sites' })).toBeVisible();
    const input = element.getByLabel('Site URL');
    await expect(input).toHaveValue('http://');
    await expect(element.getByTestId('activations')).toHaveText('2/Unlimited');
    await input.fill('http://www.e2e-site.example.com/');
    await element.getByRole('button', { name: 'Add Site' }).click();
    await expect(element.getByTestId('activations')).toHaveText('3/Unlimited');
    await expect(
      element.getByRole('cell', { name: 'http://www.e2e-site.example.com', exact: true }),
    ).toBeVisible();
    await expect(input).toHaveValue('http://');
    await element.getByRole('button', { name: 'Deactivate Site http://www.e2e-site.example.com' }).click();
    await expect(element.getByTestId('activations')).toHaveText('2/Unlimited');
    await element.getByRole('button', { name: 'Back' }).click();
    await expect(element.getByRole('heading', { name: 'My Products' })).toBeVisible();
  });

  test('Manage License and Upgrade License views with their texts', async ({ page }) => {
    const token = await signInAs(page, 'customer');
    const owned = await products(page, token);
    const blocks = owned.find((p) => p.name === 'Blocks Plugin');
    const documentation = owned.find((p) => p.name === 'Documentation Plugin');
    const addons = owned.find((p) => p.name === 'Addons Plugin');
    await page.goto('/demo/');
    const element = page.locator('vendor-licenses');
    await show(page, { view: 'manage-license', 'payment-id': String(documentation?.payment_id) });
    await expect(element.getByRole('heading', { name: 'Manage License' })).toBeVisible();
    await expect(element.locator('th')).toHaveText([
      'Item',
      'Key',
      'Status',
      'Activations',
      'Expiration',
      'Manage Sites',
      'Upgrade',
    ]);
    await expect(row(element, 'Documentation Plugin')).toContainText('Never');
    await expect(row(element, 'Documentation Plugin')).toContainText('No upgrades');

    await show(page, { view: 'manage-license', 'payment-id': String(blocks?.payment_id) });
    await expect(row(element, 'Blocks Plugin').getByRole('link', { name: 'Renew license' })).toBeVisible();

    // Issue 23: an expired licence is renewed first, so it is offered no upgrade (the cart refuses one).
    await show(page, { view: 'upgrades', 'license-id': String(blocks?.license.license_id) });
    await expect(element.getByText('No upgrades found')).toBeVisible();

    // An active yearly licence: the unused part of its year is credited ($49.97, 165 of 365 days left).
    await show(page, { view: 'upgrades', 'license-id': String(addons?.license.license_id) });
    await expect(element.getByRole('heading', { name: 'Upgrade License' })).toBeVisible();
    await expect(row(element, 'Addons Plugin – Unlimited Sites')).toContainText('$77.38');
    await expect(
      row(element, 'Addons Plugin – Unlimited Sites').getByRole('link', { name: /Upgrade License/ }),
    ).toHaveAttribute('href', /\/checkout\?action=upgrade&license=[0-9a-f]{32}&download_id=4372&price_id=3$/);
    await show(page, { view: 'upgrades', 'license-id': '999999' });
    await expect(element.getByRole('alert')).toHaveText('Unable to get upgrades data, please try again');
    await expectElementAccessible(page, 'vendor-licenses');
  });
});

test.describe('<vendor-downloads>', () => {
  async function paste(page: Page, attributes: Record<string, string>) {
    await page.evaluate((values) => {
      const element = document.createElement('vendor-downloads');
      for (const [name, value] of Object.entries(values)) element.setAttribute(name, value);
      document.querySelector('article')?.prepend(element);
    }, attributes);
    return page.locator('vendor-downloads');
  }

  test('PRO and free downloads; a free archive downloads', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/demo/');
    const element = await paste(page, { 'api-base': '/api/v1' });
    await expect(element.getByRole('heading', { name: 'PRO Downloads' })).toBeVisible();
    await expect(element.getByRole('button', { name: 'Download Blocks Plugin' }).first()).toBeVisible();
    await expect(element.locator('[part="free-item"]')).toHaveCount(12);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      element.getByRole('link', { name: 'Download Starter Theme' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('starter-theme.zip');
    const [pro] = await Promise.all([
      page.waitForEvent('download'),
      // The first one: the bundle lists the same product again under its own licence.
      element.getByRole('button', { name: 'Download Documentation Plugin' }).first().click(),
    ]);
    expect(pro.suggestedFilename()).toBe('documentation-plugin.zip');
  });

  test('the landing downloads a signed file and refuses a tampered signature', async ({ page }) => {
    const token = await signInAs(page, 'customer');
    const list = await page.request.get('/api/v1/downloads', { headers: { 'X-WP-Nonce': token } });
    const items = (await list.json()) as { download_name: string; landing_url: string }[];
    const landing = new URL(items.find((i) => i.download_name === 'Blocks Plugin')?.landing_url ?? '');
    const signature = landing.searchParams.get('signature') ?? '';

    await page.goto('/demo/');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      paste(page, { view: 'landing', signature, 'download-name': 'Blocks Plugin' }),
    ]);
    expect(download.suggestedFilename()).toBe('blocks-plugin.zip');
    const element = page.locator('vendor-downloads');
    await expect(element.getByRole('heading', { name: 'Download' })).toBeVisible();
    await expect(element.getByRole('link', { name: 'Sign In' })).toBeVisible();

    await page.goto('/demo/');
    const tampered = `${signature.slice(0, -4)}AAAA`;
    const refused = await paste(page, {
      view: 'landing',
      signature: tampered,
      'download-name': 'Blocks Plugin',
    });
    await expect(refused.getByRole('alert')).toHaveText('Failed to download');
  });
});
