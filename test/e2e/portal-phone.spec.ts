import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAs } from './support/session';

/**
 * Issue 25 on a phone: the account area starts with the page, not the navigation. The sidebar is a drawer
 * behind the header's menu button (a modal dialog: focus inside, Escape closes, focus back to the button),
 * a link in it routes without a page load and closes it; tables stack as cards and nothing scrolls sideways.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('on a phone the sidebar is a drawer and the page heading is in the first screen', async ({ page }) => {
  await signInAs(page, 'customer');
  await page.goto('/user/dashboard');
  const portal = page.locator('vendor-portal');
  const heading = portal.locator('h1', { hasText: 'Dashboard' });
  await expect(heading).toBeVisible();
  const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeLessThan(844 / 2);
  await expect(portal.locator('.shell > nav[aria-label="Account"]')).toBeHidden();

  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  const menuButton = portal.getByRole('button', { name: 'Toggle sidebar' });
  await menuButton.click();
  const drawer = page.getByRole('dialog', { name: 'Account menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Subscriptions' })).toBeVisible();
  expect(await drawer.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
  await expectNoAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await drawer.getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page).toHaveURL(/\/user\/subscription$/);
  await expect(portal.locator('h1')).toHaveText('Subscriptions');
  await expect(drawer).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  // The subscriptions table stacks as cards: a label beside each value, and the page never scrolls sideways.
  // A row of data, not a skeleton row (those stack the same way, and are replaced when the data comes).
  const firstCell = portal.locator('vendor-subscriptions tbody tr:not([data-skeleton]) td').first();
  await expect(firstCell).toHaveAttribute('data-label', 'Subscription');
  await expect.poll(() => firstCell.evaluate((cell) => getComputedStyle(cell).display)).toBe('grid');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('at 320 px the dashboard keeps its title and All Products each on one line', async ({ page }) => {
  // Seen at 320 px: 'My Products' and 'All Products' each broke into two lines, side by side.
  await page.setViewportSize({ width: 320, height: 700 });
  await signInAs(page, 'customer');
  await page.goto('/user/dashboard');
  const portal = page.locator('vendor-portal');
  const link = portal.getByRole('link', { name: 'All Products' });
  await expect(link).toBeVisible();
  const lines = (locator: typeof link) =>
    locator.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
  expect(await lines(link)).toBe(1);
  expect(await lines(portal.locator('#dashboard-products'))).toBe(1);
});

test('at 1280 px the menu button collapses the sidebar in place', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'customer');
  await page.goto('/user/dashboard');
  const portal = page.locator('vendor-portal');
  const nav = portal.locator('.shell > nav[aria-label="Account"]');
  await expect(nav).toHaveAttribute('data-state', 'open');
  await portal.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(nav).toHaveAttribute('data-state', 'collapsed');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
