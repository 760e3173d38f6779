import { expect, type Page, test } from '@playwright/test';
import { addMonths } from '../../server/subscriptions/periods';
import { formatDate } from '../../shared/format/dates';
import {
  checkout,
  emptyCartOf,
  fillBilling,
  fillSandboxCard,
  productCard,
  result,
  uniqueEmail,
} from './support/checkout';
import { signInAs } from './support/session';

/*
 * Issue 23, "Money over time", end to end on the real server with the sandbox gateway: a renewal moves
 * the subscription it pays for, and a free order starts no subscription that would renew with no card.
 */

test.describe.configure({ timeout: 90_000 });

interface ApiProduct {
  ID: number;
  license: { license_key: string; renewal_link: string; expiration: number | string };
}
interface ApiSubscription {
  ID: number;
  name: string;
  status: string;
  amount: number;
  renewal_date: string;
}

const agencyBundle = 474227;
const blocks = 1677666;

async function api<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`, { headers: { 'X-WP-Nonce': token } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

const fact = (page: Page, label: string) =>
  result(page)
    .locator('.pr__facts div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('renewal moves the subscription’s next renewal date', async ({ page }) => {
  const token = await signInAs(page, 'customer');
  await emptyCartOf(page, token);
  const products = await api<ApiProduct[]>(page, token, '/products?per_page=100');
  // The seeded bundle: the oldest (other suites may have bought more since).
  const bundle = products.findLast((p) => p.ID === agencyBundle)?.license;
  if (!bundle) throw new Error('the customer has no agency bundle');
  const before = (await api<ApiSubscription[]>(page, token, '/subscriptions')).find(
    (s) => s.name === 'Agency Bundle' && s.status === 'active',
  );
  if (!before) throw new Error('the bundle has no active subscription');
  // The same day of the month a year on, by the server's own rule.
  const moved = addMonths(new Date(before.renewal_date), 12);

  // The renewal link as My Products offers it.
  await page.goto(new URL(bundle.renewal_link).pathname + new URL(bundle.renewal_link).search);
  await expect(checkout(page).getByText('Renewal')).toBeVisible();
  await fillBilling(page, null);
  await checkout(page).getByRole('button', { name: 'Pay $399.00' }).click();
  await page.waitForURL(/\/sandbox\/pay\//);
  await fillSandboxCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay \$/ }).click();

  // The success page shows the renewed licence and its subscription, renewing a year on.
  await page.waitForURL(/\/payment-success\?/);
  await expect(result(page).locator('.pr__keys code')).toHaveText([bundle.license_key], { timeout: 20_000 });
  await expect(fact(page, 'Renewal Date')).toHaveText(formatDate(moved));
  await expect(fact(page, 'Subscription')).toHaveText('Agency Bundle ($399.00 / year)');

  // The Subscriptions page: the same subscription, its amount the tier's, its renewal a year later.
  await page.goto('/user/subscription');
  const row = page.locator('vendor-subscriptions').getByRole('row', { name: /Agency Bundle/ });
  await expect(row).toContainText('$399.00 / year');
  await expect(row).toContainText(formatDate(moved));
  await expect(row).not.toContainText(formatDate(before.renewal_date));
  const after = await api<ApiSubscription[]>(page, token, '/subscriptions');
  expect(after.filter((s) => s.name === 'Agency Bundle')).toEqual([
    expect.objectContaining({
      ID: before.ID,
      amount: 399,
      renewal_date: moved.toISOString(),
      status: 'active',
    }),
  ]);
});

test('a free order makes no auto-renewing subscription', async ({ page }) => {
  // The affiliate demo account has no saved card: nothing could pay a renewal.
  const token = await signInAs(page, 'affiliate');
  expect(await api<ApiSubscription[]>(page, token, '/subscriptions')).toEqual([]);
  await page.goto('/checkout');
  await productCard(page, 'Blocks Plugin').getByRole('button', { name: 'Add to Cart' }).click();
  await checkout(page).getByLabel('Promo code').fill('FREE100');
  await checkout(page).getByRole('button', { name: 'Apply' }).click();
  await expect(checkout(page).getByRole('button', { name: 'Pay $0.00' })).toBeVisible();
  await fillBilling(page, null);
  await checkout(page).getByRole('button', { name: 'Pay $0.00' }).click();

  await page.waitForURL(/\/payment-success\?edd_confirm=manual/);
  const key = result(page).locator('.pr__keys code');
  await expect(key).toHaveCount(1, { timeout: 20_000 });
  await expect(result(page).getByRole('heading', { name: 'Subscription details' })).toHaveCount(0);
  const keyText = await key.textContent();

  await page.goto('/user/subscription');
  await expect(
    page.locator('vendor-subscriptions').getByText('Sorry, you have no subscriptions.'),
  ).toBeVisible();

  // The licence runs its year and can be renewed like any other.
  const licence = (await api<ApiProduct[]>(page, token, '/products?per_page=100')).find(
    (p) => p.ID === blocks,
  )?.license;
  expect(licence?.license_key).toBe(keyText);
  const daysLeft = (Number(licence?.expiration) * 1000 - Date.now()) / 86_400_000;
  expect(daysLeft).toBeGreaterThan(364);
  expect(daysLeft).toBeLessThan(367);
  const renewal = await page.request.post('/api/v1/add-to-cart', {
    headers: { 'X-WP-Nonce': token },
    data: { action: 'renew', license: licence?.license_key, download_id: blocks, price_id: 1 },
  });
  expect(renewal.status()).toBe(200);
  expect((await renewal.json()) as { total: number }).toMatchObject({ total: 49 });
  // Leave the account's cart as it was for the other suites.
  await page.request.post('/api/v1/add-to-cart', {
    headers: { 'X-WP-Nonce': token },
    data: { action: 'remove', index: 0 },
  });
});

test('split payment: the cart and the success page say what is due today and what follows, and that is charged', async ({
  page,
}) => {
  await page.goto('/checkout');
  const bundle = productCard(page, 'Agency Bundle');
  await bundle.getByLabel('Plan').selectOption({ label: 'Agency Lifetime' });
  await bundle.getByRole('button', { name: 'Add to Cart' }).click();
  await checkout(page).getByRole('checkbox', { name: 'Split payment' }).check();
  await checkout(page).getByRole('radio', { name: '6 months × $166.50/month' }).click();
  await expect(checkout(page).getByText('$166.50 today, then 5 monthly payments of $166.50')).toBeVisible();
  const pay = checkout(page).getByRole('button', { name: 'Pay $166.50' });
  await expect(pay).toBeVisible();

  await fillBilling(page, uniqueEmail('split'));
  await pay.click();
  await page.waitForURL(/\/sandbox\/pay\//);
  await fillSandboxCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pay $166.50' }).click();

  await page.waitForURL(/\/payment-success\?/);
  await expect(fact(page, 'Times Billed')).toHaveText('1 of 6', { timeout: 20_000 });
  await expect(fact(page, 'Payments')).toHaveText('$166.50 today, then 5 monthly payments of $166.50');
  await expect(fact(page, 'Total')).toHaveText('$166.50');
});
