import { expect, type Page, test } from '@playwright/test';
import { centreMisses } from './support/centre-hits';
import { signInAs } from './support/session';

/**
 * Issue 25: a toast lies over no control. It shows in the flow of the element, at the top of its
 * content (the portal's: under the page heading), so nothing the person could press is under it, on a
 * phone or a desktop; and it is in view when it appears.
 */

/** The visible controls whose box meets the shown toast's box (open shadow roots included). */
function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const all: Element[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        all.push(element);
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
    const toast = all.find((element) => element.classList.contains('ui-toast'));
    if (!toast) return ['no toast shown'];
    const box = toast.getBoundingClientRect();
    const controls = all.filter(
      (element) =>
        element.matches('button, a[href], input, select, textarea, [role="tab"], [role="button"]') &&
        !toast.contains(element) &&
        element.checkVisibility({ checkVisibilityCSS: true }),
    );
    return controls
      .filter((control) => {
        const rect = control.getBoundingClientRect();
        const meets =
          rect.width > 1 &&
          rect.height > 1 &&
          rect.left < box.right &&
          rect.right > box.left &&
          rect.top < box.bottom &&
          rect.bottom > box.top;
        return meets;
      })
      .map((control) => `${control.localName} "${(control.textContent ?? '').trim().slice(0, 30)}"`);
  });
}

for (const width of [390, 1280]) {
  test(`at ${width} px, a toast is in view and lies over no control`, async ({ browser }) => {
    const phone = width < 600;
    const context = await browser.newContext({
      viewport: { width, height: phone ? 844 : 900 },
      isMobile: phone,
      hasTouch: phone,
    });
    const page = await context.newPage();
    await signInAs(page, 'customer');
    // Back from the card provider's page with a failure: the billing tab and its toast (spec §4).
    await page.goto('/user/profile?action=add_card&failed=true');
    const toast = page.getByRole('status').filter({ hasText: 'Failed to add card.' });
    await expect(toast).toBeVisible();
    await expect(toast).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`toast-${width}.png`) });
    expect(await controlsUnderToast(page)).toEqual([]);
    expect(await centreMisses(page)).toEqual([]);

    // Scrolled down to the address form's button: the toast its answer brings is scrolled into view.
    const update = page.locator('vendor-profile').getByRole('button', { name: 'Update Address' });
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await update.scrollIntoViewIfNeeded();
    await update.click();
    const saved = page.getByRole('status').locator('.ui-toast');
    await expect(saved).toBeInViewport();
    expect(await controlsUnderToast(page)).toEqual([]);
    await context.close();
  });
}
