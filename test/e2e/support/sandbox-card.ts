import type { Locator, Page } from '@playwright/test';

/**
 * 'Add New Card' on the profile's billing tab, then the sandbox gateway's card page: the browser leaves
 * for the URL the server returned and comes back to /user/profile?action=add_card.
 */
export async function addCardThroughSandbox(page: Page, profile: Locator, number: string): Promise<void> {
  await profile.getByRole('button', { name: 'Add New Card' }).click();
  await page.waitForURL(/\/sandbox\/cards\//);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL(/\/user\/profile/);
}
