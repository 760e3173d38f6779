import { expect, type Page, test } from '@playwright/test';
import { addCardThroughSandbox } from './support/sandbox-card';
import { demoAccounts, expectNoAxeViolations, signInAs } from './support/session';

test.describe.configure({ timeout: 90_000 });

const profile = (page: Page) => page.locator('vendor-portal vendor-profile');

test('profile, cards and password against the real server', async ({ page }) => {
  // The admin account: its password changes here and is restored at the end, so other suites keep it.
  const oldToken = await signInAs(page, 'admin');
  await page.goto('/user/profile');

  // Profile: the header's display name follows the saved profile.
  await profile(page).getByLabel('Display name').fill('Ada Admin');
  await profile(page).getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.locator('vendor-portal')).toContainText('Profile updated successfully');
  await expect(page.locator('vendor-portal .header__name')).toHaveText('Ada Admin');
  await expectNoAxeViolations(page);

  // Cards through the sandbox gateway: a saved card, then a cancelled one.
  await profile(page).getByRole('tab', { name: 'Billing & Payment Methods' }).click();
  await addCardThroughSandbox(page, profile(page), '4242 4242 4242 4242');
  await expect(page.locator('vendor-portal')).toContainText('Added card successfully.');
  await profile(page).getByRole('tab', { name: 'Billing & Payment Methods' }).click();
  await addCardThroughSandbox(page, profile(page), '5555 5555 5555 4444');
  await profile(page).getByRole('tab', { name: 'Billing & Payment Methods' }).click();
  await profile(page).getByRole('button', { name: 'Add New Card' }).click();
  await page.waitForURL(/\/sandbox\/cards\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/user\/profile/);
  await expect(page.locator('vendor-portal')).toContainText('Failed to add card.');

  // The default card cannot be removed; another card can become the default.
  await profile(page).getByRole('tab', { name: 'Billing & Payment Methods' }).click();
  const removeButtons = profile(page).getByRole('button', { name: /^Remove / });
  await expect(removeButtons).toHaveCount(2);
  await removeButtons.first().click();
  await expect(page.locator('vendor-portal')).toContainText(
    'You can not remove a default card. Please set another card as default to continue billing.',
  );
  const setDefault = profile(page).getByRole('button', { name: /^Set as default/ });
  await expect(setDefault).toHaveAccessibleName(/ending in 4444$/);
  await setDefault.click();
  await profile(page).getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  // After the confirmation the other card is the one that can become default again.
  await expect(profile(page).getByRole('button', { name: /^Set as default/ })).toHaveAccessibleName(
    /ending in 4242$/,
  );

  // Password: the new one signs in, the account's other sessions end.
  await profile(page).getByRole('tab', { name: 'Password & Security' }).click();
  const other = await page.request.post('/api/v1/signin', { data: demoAccounts.admin });
  const otherToken = ((await other.json()) as { token: string }).token;
  const newPassword = 'Admin#2026-new';
  await profile(page).getByLabel('Current password').fill(demoAccounts.admin.password);
  await profile(page).getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await profile(page).getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await profile(page).getByRole('button', { name: 'Change Password' }).click();
  await expect(page.locator('vendor-portal')).toContainText('Profile updated successfully');
  const stale = await page.request.get('/api/v1/profile', { headers: { 'X-WP-Nonce': otherToken } });
  expect(stale.status()).toBe(401);
  const fresh = await page.request.post('/api/v1/signin', {
    data: { username: demoAccounts.admin.username, password: newPassword },
  });
  expect(fresh.status()).toBe(200);

  // Restore the demo password for the suites that follow.
  const { token } = (await fresh.json()) as { token: string };
  const restored = await page.request.post('/api/v1/profile', {
    headers: { 'X-WP-Nonce': token },
    data: {
      type: 'password',
      current_password: newPassword,
      new_password: demoAccounts.admin.password,
      new_password_2: demoAccounts.admin.password,
    },
  });
  expect(restored.status()).toBe(200);
  expect(oldToken).not.toBe(token);
});
