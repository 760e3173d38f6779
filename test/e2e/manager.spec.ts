import { expect, test } from '@playwright/test';
import { signInAs } from './support/session';

test.describe('shop manager account switching', () => {
  test('a manager switches into a customer, sees their account, and switches back', async ({ page }) => {
    await signInAs(page, 'manager');
    await page.goto('/user/manage');
    const manager = page.locator('vendor-portal vendor-manager');
    await manager.getByLabel('Search users').fill('customer@example.com');
    await manager.getByLabel('Search users').press('Enter');
    const switchButton = manager.getByRole('button', { name: /Switch to user/ }).first();
    await expect(switchButton).toBeVisible();
    await switchButton.click();

    // Now working in the customer's account: their pages, the switched banner, no Logout.
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const portal = page.locator('vendor-portal');
    await expect(portal.locator('.banner--switched')).toContainText('You are working in the account of');
    await expect(portal.locator('.sidebar__label', { hasText: 'Purchase History' })).toBeVisible();
    // The customer's licences, in the customer's own view.
    await expect(portal.locator('.dashboard__products vendor-licenses tbody tr').first()).toContainText(
      'active',
    );
    await portal.locator('.header__trigger').click();
    await expect(portal.locator('.header__dropdown')).toContainText('Switch Back');
    await expect(portal.locator('.header__dropdown')).not.toContainText('Logout');

    await portal.locator('.header__dropdown').getByRole('button', { name: 'Switch Back' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(portal.locator('.sidebar__label', { hasText: 'Shop Manager' })).toBeVisible();
    await expect(portal.locator('.banner--switched')).toHaveCount(0);
  });

  test('a customer cannot list users or switch accounts through the API', async ({ page }) => {
    const token = await signInAs(page, 'customer');
    const users = await page.request.get('/api/v1/users', { headers: { 'X-WP-Nonce': token } });
    expect(users.status()).toBe(403);
    const switched = await page.request.post('/api/v1/user-switch', {
      headers: { 'X-WP-Nonce': token },
      data: { user_id: 1, switch_back: false },
    });
    expect(switched.status()).toBe(403);
  });
});
