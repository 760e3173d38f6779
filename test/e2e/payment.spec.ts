import { expect, type Page, test } from '@playwright/test';
import {
  addBlocks,
  checkout,
  emptyCartOf,
  fillBilling,
  fillSandboxCard,
  payWithCard,
  result,
  uniqueEmail,
} from './support/checkout';
import { choosePasswordByMail } from './support/new-customer';
import { demoAccounts, expectNoAxeViolations, signInAs } from './support/session';

/*
 * Purchases end to end on the real server with the sandbox gateway (no outside service): the checkout
 * on the demo CMS page, the sandbox card and PayPal pages, /payment-success polling, the mailed account,
 * free orders, renewals and upgrades, and the success page under injected faults.
 */

test.describe.configure({ timeout: 90_000 });

async function licenceKeyOnSuccessPage(page: Page): Promise<string> {
  await page.waitForURL(/\/payment-success\?/);
  await expect(result(page).getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  const key = result(page).locator('.pr__keys code').first();
  await expect(key).toBeVisible({ timeout: 15_000 });
  return (await key.textContent()) ?? '';
}

test('a guest buys a yearly licence with the sandbox card, gets the account mail and finds the licence', async ({
  page,
}) => {
  const email = uniqueEmail('guest');
  await addBlocks(page);
  const pay = checkout(page).getByRole('button', { name: 'Pay $49.00' });
  await pay.click();
  // The page's first toaster shows the toasts (here <vendor-licenses> is above the checkout).
  await expect(page.getByText('Please fill the information required for checkout')).toBeVisible();
  await expect(checkout(page).getByText('First name is required')).toBeVisible();
  await fillBilling(page, email);
  await pay.click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(result(page).getByText('Please wait, we are getting your subscription data.')).toBeVisible();
  const key = await licenceKeyOnSuccessPage(page);
  expect(key).toMatch(/^[0-9a-f]{32}$/);
  await expect(result(page).getByText(`Your login credentials have been sent to ${email}`)).toBeVisible();
  await expect(result(page).getByRole('link', { name: 'Login to Dashboard' })).toBeVisible();
  await expectNoAxeViolations(page);

  const password = await choosePasswordByMail(page, email);
  const signIn = await page.request.post('/api/v1/signin', { data: { username: email, password } });
  expect(signIn.status()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  await page.goto('/user/my-products');
  await expect(page.locator('vendor-licenses').getByText('Blocks Plugin').first()).toBeVisible();
  const products = await page.request.get('/api/v1/products', { headers: { 'X-WP-Nonce': token } });
  expect(JSON.stringify(await products.json())).toContain(key);
});

test('a declined test card lands on /payment-failed', async ({ page }) => {
  await addBlocks(page);
  await fillBilling(page, uniqueEmail('declined'));
  await checkout(page).getByRole('button', { name: 'Pay $49.00' }).click();
  await payWithCard(page, '4000 0000 0000 0002');
  await page.waitForURL(/\/payment-failed$/);
  await expect(
    result(page).getByText(
      'Payment Failed — Your transaction could not be processed. Please check your payment information and try again.',
    ),
  ).toBeVisible();
  await expect(result(page).getByRole('link', { name: 'Browse Products' })).toBeVisible();
});

test('a 100 % coupon goes through manual: no payment options, no card', async ({ page }) => {
  await addBlocks(page);
  await checkout(page).getByLabel('Promo code').fill('FREE100');
  await checkout(page).getByRole('button', { name: 'Apply' }).click();
  await expect(checkout(page).getByRole('button', { name: 'Pay $0.00' })).toBeVisible();
  await expect(checkout(page).getByRole('radio', { name: 'Card' })).toHaveCount(0);
  await fillBilling(page, uniqueEmail('free'));
  await checkout(page).getByRole('button', { name: 'Pay $0.00' }).click();
  await page.waitForURL(/\/payment-success\?edd_confirm=manual&payment_id=\d+&payment_key=[0-9a-f]{32}$/);
  expect(await licenceKeyOnSuccessPage(page)).toMatch(/^[0-9a-f]{32}$/);
});

test('PayPal sandbox: no address asked, returns with edd_confirm=paypal_express', async ({ page }) => {
  await addBlocks(page);
  await checkout(page).getByRole('radio', { name: 'PayPal' }).check();
  await expect(checkout(page).getByText('Billing Details')).toHaveCount(0);
  await fillBilling(page, uniqueEmail('paypal'), { address: false });
  await checkout(page).getByRole('button', { name: 'Pay $49.00' }).click();
  await page.waitForURL(/\/sandbox\/pay\/EC-/);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.waitForURL(/edd_confirm=paypal_express&token=.+&PayerID=.+&payment_id=\d+/);
  expect(await licenceKeyOnSuccessPage(page)).toMatch(/^[0-9a-f]{32}$/);
});

interface HistoryLicence {
  license_key: string;
  expiration: number | string;
  price_id: number;
  limit: number | null;
}

/** The customer's Blocks licence: the one with `key` once known (other suites may have bought more). */
async function blocksLicence(
  page: Page,
  token: string,
  key?: string,
): Promise<HistoryLicence & { payment_id: number }> {
  const products = (await (
    await page.request.get('/api/v1/products?per_page=100', { headers: { 'X-WP-Nonce': token } })
  ).json()) as { ID: number; payment_id: number; license: HistoryLicence }[];
  const blocks = products.findLast(
    (p) => p.ID === 1677666 && p.license && (key === undefined || p.license.license_key === key),
  );
  if (!blocks) throw new Error('the customer has no Blocks licence');
  return { ...blocks.license, payment_id: blocks.payment_id };
}

test('signed in: a renewal extends the expiry, an upgrade changes the tier', async ({ page }) => {
  const token = await signInAs(page, 'customer');
  await emptyCartOf(page, token);
  const before = await blocksLicence(page, token);
  await page.goto(
    `/checkout?action=renew&license=${before.license_key}&download_id=1677666&price_id=${before.price_id}`,
  );
  const form = checkout(page).locator('[part="payment-form"]');
  await expect(form.getByLabel('Email')).toHaveValue(demoAccounts.customer.username);
  await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');
  await fillBilling(page, null);
  await checkout(page)
    .getByRole('button', { name: /^Pay \$/ })
    .click();
  await payWithCard(page, '4242424242424242');
  await licenceKeyOnSuccessPage(page).catch(() => '');
  await expect(result(page).getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  const renewed = await blocksLicence(page, token, before.license_key);
  expect(Number(renewed.expiration)).toBeGreaterThan(Date.now() / 1000 + 360 * 86_400);

  await page.goto(`/checkout?action=upgrade&license=${before.license_key}&download_id=1677666&price_id=2`);
  await fillBilling(page, null);
  await checkout(page)
    .getByRole('button', { name: /^Pay \$/ })
    .click();
  await payWithCard(page, '4242424242424242');
  await page.waitForURL(/\/payment-success\?/);
  await expect(result(page).getByText('Blocks Plugin', { exact: false }).first()).toBeVisible({
    timeout: 15_000,
  });
  const upgraded = await blocksLicence(page, token, before.license_key);
  expect(upgraded).toMatchObject({ license_key: before.license_key, price_id: 2, limit: 5 });
});

test.describe('the success page under faults', () => {
  async function paidSessionUrl(page: Page): Promise<string> {
    await addBlocks(page);
    await fillBilling(page, uniqueEmail('faults'));
    await checkout(page).getByRole('button', { name: 'Pay $49.00' }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await fillSandboxCard(page, '4242424242424242');
    await Promise.all([
      page.waitForURL(/\/payment-success\?/),
      page.getByRole('button', { name: /^Pay/ }).click(),
    ]);
    return page.url();
  }

  test('500s, a dropped request and a slow answer: it still ends with the receipt, no warning', async ({
    page,
  }) => {
    const url = await paidSessionUrl(page);
    let calls = 0;
    await page.route('**/api/v1/confirmation', async (route) => {
      calls += 1;
      if (calls <= 2)
        return route.fulfill({ status: 500, json: { code: 'internal_server_error', message: 'x' } });
      if (calls === 3) return route.abort('timedout');
      if (calls === 4) await new Promise((resolve) => setTimeout(resolve, 2000));
      return route.continue();
    });
    await page.goto(url);
    await expect(result(page).locator('.pr__keys code')).toBeVisible({ timeout: 30_000 });
    expect(calls).toBe(4);
    await expect(
      result(page).getByText('Failed to get payment confirmation data, please contact support.'),
    ).toHaveCount(0);
  });

  test('failing every time: 5 retries, then one warning', async ({ page }) => {
    const url = await paidSessionUrl(page);
    let calls = 0;
    await page.route('**/api/v1/confirmation', (route) => {
      calls += 1;
      return route.fulfill({
        status: 409,
        json: { code: 'payment_confirmation_failed', message: 'not yet' },
      });
    });
    await page.goto(url);
    const warning = result(page).getByText(
      'Failed to get payment confirmation data, please contact support.',
    );
    await expect(warning.first()).toBeVisible({ timeout: 40_000 });
    expect(calls).toBe(6);
    await expect(page.locator('.ui-toast')).toHaveCount(1);
  });

  test('a made-up session_id reveals nothing', async ({ page }) => {
    await page.goto('/payment-success?session_id=cs_sandbox_made_up');
    await expect(
      result(page).getByText('Failed to get payment confirmation data, please contact support.').first(),
    ).toBeVisible({ timeout: 15_000 });
    await expect(result(page).locator('.pr__receipt')).toHaveCount(0);
  });
});
