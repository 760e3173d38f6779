import { expect, test } from '@playwright/test';
import { signInAs } from './support/session';

/**
 * Issue 25, a checkout a buyer trusts: the shop's name at the top, the secure-payment line under the form,
 * the order summary in view while the buyer fills the form (a card beside it on a wide screen, a bar at the
 * top of the screen on a phone), and the amount shown there is the amount the Pay button charges.
 */
const withLine = '/checkout?download_id=4372&price_id=1';

test('wide: the shop name, the secure line, and the summary card stays in view beside the form', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto(withLine);
  const checkout = page.locator('vendor-checkout');
  const pay = checkout.locator('[part="pay-button"]');
  await expect(pay).toHaveText(/^Pay \$/);
  await expect(checkout.locator('[part="brand"]')).toHaveText('Vendor');
  await expect(checkout.locator('[part="secure"]')).toContainText('Secure payment');
  await expect(checkout.locator('[part="summary-bar"]')).toBeHidden();

  const summary = checkout.locator('.co__summary');
  await pay.scrollIntoViewIfNeeded();
  const box = await summary.boundingBox();
  expect(box?.y).toBeGreaterThanOrEqual(0);
  expect(box?.y).toBeLessThan(40);
  const total = (await summary.locator('.co__total').textContent()) ?? '';
  await expect(pay).toHaveText(`Pay ${total}`);

  // A field brought into view by focus stops below the sticky summary, not under it.
  await checkout.getByLabel('First name').focus();
  await expect(checkout.getByLabel('First name')).toBeFocused();
  const summaryBottom = (await summary.boundingBox())?.y ?? 0;
  const fieldTop = (await checkout.getByLabel('First name').boundingBox())?.y ?? 0;
  expect(fieldTop).toBeGreaterThanOrEqual(summaryBottom + ((await summary.boundingBox())?.height ?? 0));
});

test('phone: a summary bar with the Pay amount stays at the top while the buyer scrolls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(withLine);
  const checkout = page.locator('vendor-checkout');
  const pay = checkout.locator('[part="pay-button"]');
  await expect(pay).toHaveText(/^Pay \$/);
  const bar = checkout.locator('[part="summary-bar"]');
  await expect(bar).toBeVisible();
  const amount = ((await pay.textContent()) ?? '').replace('Pay ', '');
  await expect(bar).toHaveText(`1 itemTotal ${amount}`);

  await pay.scrollIntoViewIfNeeded();
  const box = await bar.boundingBox();
  expect(box?.y).toBeGreaterThanOrEqual(0);
  expect(box?.y).toBeLessThan(5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A field brought into view by focus stops below the bar, not under it.
  const firstName = checkout.getByLabel('First name');
  await firstName.focus();
  const barBox = await bar.boundingBox();
  const fieldTop = (await firstName.boundingBox())?.y ?? 0;
  expect(fieldTop).toBeGreaterThanOrEqual((barBox?.y ?? 0) + (barBox?.height ?? 0));
});

test("phone, signed in: nothing moves while the header's menu learns the visitor's name", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await signInAs(page, 'customer');
  await page.goto(withLine);
  const checkout = page.locator('vendor-checkout');
  await expect(checkout.locator('[part="pay-button"]')).toHaveText(/^Pay \$/);
  const menu = checkout.locator('[part="header"]').getByRole('button', { name: 'Casey Customer' });
  await expect(menu).toBeVisible();
  // Layout shift entries arrive after the frame that moved.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual(
    [],
  );
});
