import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAs } from './support/session';

const freeSites = ['https://staging.example.org', 'http://localhost:8080', 'http://shop.test'];

/** The seeded customer's Addons licence: limit 1, one production site. */
async function addonsLicence(page: Page, token: string) {
  const response = await page.request.get('/api/v1/products', { headers: { 'X-WP-Nonce': token } });
  expect(response.ok()).toBe(true);
  const products = (await response.json()) as {
    name: string;
    license: { license_id: number; payment_id: number; limit: number | null; activation_count: number };
  }[];
  // The seeded licence: the oldest row (newest purchase first; other suites may have bought more since).
  const addons = products.findLast((product) => product.name === 'Addons Plugin')?.license;
  if (!addons) throw new Error('no Addons licence');
  return addons;
}

async function addSite(element: Locator, url: string) {
  await element.getByLabel('Site URL').fill(url);
  await element.getByRole('button', { name: 'Add Site' }).click();
}

test.describe('<vendor-licenses> staging and local sites', () => {
  test('are free of a limit-1 licence, up to 3 per production site', async ({ page }) => {
    const token = await signInAs(page, 'customer');
    const addons = await addonsLicence(page, token);
    expect(addons).toMatchObject({ limit: 1, activation_count: 1 });
    await page.goto('/demo/');
    await page.evaluate((paymentId) => {
      const element = document.querySelector('vendor-licenses');
      element?.setAttribute('payment-id', String(paymentId));
      element?.setAttribute('view', 'manage-sites');
    }, addons.payment_id);
    const element = page.locator('vendor-licenses');
    const activations = element.getByTestId('activations');
    await expect(activations).toHaveText('1/1');

    await addSite(element, 'https://staging.example.org');
    await expect(element.getByRole('cell', { name: 'https://staging.example.org Staging' })).toBeVisible();
    await addSite(element, 'http://localhost:8080');
    await expect(element.getByRole('cell', { name: 'http://localhost:8080 Local' })).toBeVisible();
    await expect(activations).toHaveText('1/1');
    await expect(
      element.getByText('Staging and local sites are free: they do not count towards the activations.'),
    ).toBeVisible();

    await addSite(element, 'https://second-shop.com');
    await expect(
      element.getByText(
        'This license has reached its activation limit. Deactivate a site or upgrade the license.',
      ),
    ).toBeVisible();
    await expect(element.getByRole('cell', { name: 'https://second-shop.com' })).toHaveCount(0);

    await addSite(element, 'http://shop.test');
    await expect(element.getByRole('cell', { name: 'http://shop.test Local' })).toBeVisible();
    await addSite(element, 'https://dev.casey-shop.com');
    await expect(
      element.getByText(
        'Staging and local sites are free, up to 3 per production site. Deactivate one to add another.',
      ),
    ).toBeVisible();
    await expect(element.getByRole('cell', { name: /dev\.casey-shop\.com/ })).toHaveCount(0);
    await expect(activations).toHaveText('1/1');

    // The suite shares one database: leave the demo licence as it was seeded.
    for (const url of freeSites) {
      const removed = await page.request.post('/api/v1/site', {
        headers: { 'X-WP-Nonce': token },
        data: { payment_id: addons.payment_id, license_id: addons.license_id, type: 'remove', url },
      });
      expect(removed.ok()).toBe(true);
    }
  });
});
