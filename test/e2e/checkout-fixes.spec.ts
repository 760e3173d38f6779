import { expect, test } from '@playwright/test';
import { cartLineMessages } from '../../server/cart/actions';
import { checkout, fillBilling, uniqueEmail } from './support/checkout';
import { signInAs } from './support/session';

/*
 * The checkout defects a customer met (issue #23, "Checkout"), end to end on the real server: Switch
 * Back from the checkout's header, the server's word on a link that adds nothing, and PayPal's Cancel.
 */

test.describe.configure({ timeout: 60_000 });

test('a shop manager switched into a customer switches back from the checkout', async ({ page }) => {
  await signInAs(page, 'manager');
  await page.goto('/user/manage');
  const manager = page.locator('vendor-portal vendor-manager');
  await manager.getByLabel('Search users').fill('customer@example.com');
  await manager.getByLabel('Search users').press('Enter');
  // The portal routes the switch itself (spec §4: it "goes to /user/dashboard"): no page load, which
  // once raced the portal's own redirect and left a stray load behind.
  await page.evaluate(() => Object.assign(window, { beforeSwitch: true }));
  await manager
    .getByRole('button', { name: /Switch to user/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.locator('vendor-portal .banner--switched')).toBeVisible();
  expect(await page.evaluate(() => 'beforeSwitch' in window)).toBe(true);

  await page.goto('/checkout');
  await expect(checkout(page).getByText('Your are logged in as:')).toBeVisible();
  await checkout(page).locator('.co__menu > button').click();
  await checkout(page).getByRole('button', { name: 'Switch Back' }).click();

  // Back in the manager's own account, on a freshly loaded dashboard, as the portal's Switch Back does.
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  const portal = page.locator('vendor-portal');
  await expect(portal.locator('.sidebar__label', { hasText: 'Shop Manager' })).toBeVisible();
  await expect(portal.locator('.banner--switched')).toHaveCount(0);
  await page.goto('/checkout');
  await expect(checkout(page).locator('.co__menu > button')).toBeVisible();
  await expect(checkout(page).getByText('Your are logged in as:')).toHaveCount(0);
});

test("a renewal link with an unknown key shows the server's message above the grid", async ({ page }) => {
  await page.goto('/checkout?action=renew&license=0123456789abcdef0123456789abcdef&download_id=1677666');
  const notice = checkout(page).getByRole('alert');
  await expect(notice).toHaveText(cartLineMessages.licenceNotFound);
  await expect(checkout(page).getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});

test("a direct add of an unknown product shows the server's message", async ({ page }) => {
  await page.goto('/checkout?download_id=424242&price_id=1');
  await expect(checkout(page).getByRole('alert')).toHaveText(cartLineMessages.unknownProduct);
  await expect(checkout(page).locator('[part="product"]').first()).toBeVisible();
});

test('the higher-tier upsell: Addons lifetime for $249.97, and back to the saved cart', async ({ page }) => {
  await page.goto('/checkout?download_id=4372&price_id=3');
  const upsell = checkout(page).locator('.co__upsell');
  await expect(checkout(page).getByRole('button', { name: 'Pay $99.97' })).toBeVisible();
  await upsell.getByRole('checkbox', { name: /Addons Plugin – Lifetime Unlimited for \$249\.97/ }).click();
  await expect(checkout(page).getByRole('button', { name: 'Pay $249.97' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('old_cart'))).toContain('"price_id":3');
  await upsell.getByRole('checkbox', { name: /untick to go back/ }).click();
  await expect(checkout(page).getByRole('button', { name: 'Pay $99.97' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('old_cart'))).toBeNull();
});

test("PayPal's Cancel returns to the checkout with the cart and the form as they were", async ({ page }) => {
  const email = uniqueEmail('paypal.cancel');
  await page.goto('/checkout?download_id=1677666&price_id=1');
  const form = checkout(page).locator('[part="payment-form"]');
  await checkout(page).getByRole('radio', { name: 'PayPal' }).check();
  await fillBilling(page, email, { address: false });
  await checkout(page).getByRole('button', { name: 'Pay $49.00' }).click();
  await page.waitForURL(/\/sandbox\/pay\/EC-/);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.waitForURL(/\/checkout$/);
  await expect(checkout(page).locator('.co__lines > li')).toHaveCount(1);
  await expect(checkout(page).locator('.co__lines')).toContainText('Blocks Plugin');
  await expect(form.getByLabel('First name')).toHaveValue('Ada');
  await expect(form.getByLabel('Last name')).toHaveValue('Lovelace');
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('How did you find us?')).toHaveValue('google');
  await expect(form.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /I agree to the/ })).toBeChecked();
  // Kept for this tab only, never in localStorage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain('Lovelace');

  // Paying now goes through as usual.
  await checkout(page).getByRole('button', { name: 'Pay $49.00' }).click();
  await page.waitForURL(/\/sandbox\/pay\/EC-/);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.waitForURL(/edd_confirm=paypal_express/);
});
