import { expect, type Locator, type Page } from '@playwright/test';

/** Steps of a purchase through the demo page's checkout and the sandbox gateway, shared by the suites. */
export const checkout = (page: Page) => page.locator('vendor-checkout');
export const result = (page: Page) => page.locator('vendor-payment-result');
export const productCard = (page: Page, name: string): Locator =>
  checkout(page)
    .locator('[part="product"]')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The guest's e-mail addresses are unique per run, so the tests can be repeated on one database. */
export const uniqueEmail = (who: string) =>
  `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

export async function addBlocks(page: Page): Promise<void> {
  await page.goto('/demo/');
  await expect(productCard(page, 'Blocks Plugin')).toBeVisible();
  await productCard(page, 'Blocks Plugin').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(checkout(page).locator('[part="payment-form"]')).toBeVisible();
}

export async function chooseCountry(page: Page, name: string): Promise<void> {
  const box = checkout(page).getByRole('combobox', { name: /Country/ });
  await expect(box).toBeEnabled();
  await box.fill(name);
  await checkout(page).getByRole('option', { name, exact: true }).click();
}

export async function fillBilling(
  page: Page,
  email: string | null,
  options: { address?: boolean } = {},
): Promise<void> {
  const form = checkout(page).locator('[part="payment-form"]');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  if (email) await form.getByLabel('Email').fill(email);
  await form.getByLabel('How did you find us?').selectOption('google');
  if (options.address !== false) {
    await chooseCountry(page, 'Germany');
    const state = checkout(page).getByRole('combobox', { name: /State/ });
    await expect(state).toBeEnabled();
    await state.fill('Berlin');
    await checkout(page).getByRole('option', { name: 'Berlin', exact: true }).click();
    await form.getByLabel('Address line 1').fill('Unter den Linden 1');
    await form.getByLabel('City').fill('Berlin');
    await form.getByLabel('Zip / Postal code').fill('10117');
  }
  await form.getByRole('checkbox', { name: /I agree to the/ }).check();
}

/** The sandbox payment page's card form, as Stripe Checkout's: number, expiry and CVC. */
export async function fillSandboxCard(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

export async function payWithCard(page: Page, card: string): Promise<void> {
  await page.waitForURL(/\/sandbox\/pay\//);
  await fillSandboxCard(page, card);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** A guest buys the Blocks plugin with the sandbox's paying card and lands on the success page. */
export async function guestBuysBlocks(page: Page, email: string): Promise<void> {
  await addBlocks(page);
  await fillBilling(page, email);
  await checkout(page)
    .getByRole('button', { name: /^Pay \$/ })
    .click();
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/payment-success\?/);
}

/**
 * Empties the signed-in account's server-side cart. Suites that open the checkout signed in (the fault
 * sweep, the click-centre test) leave lines there; a test that expects a total starts from nothing.
 */
export async function emptyCartOf(page: Page, token: string): Promise<void> {
  const headers = { 'X-WP-Nonce': token };
  for (let i = 0; i < 20; i++) {
    const cart = (await (await page.request.get('/api/v1/cart', { headers })).json()) as {
      details: unknown[];
    };
    if (cart.details.length === 0) return;
    const removed = await page.request.post('/api/v1/add-to-cart', {
      headers,
      data: { action: 'remove', index: 0 },
    });
    expect(removed.ok()).toBe(true);
  }
  throw new Error('the cart did not empty');
}
