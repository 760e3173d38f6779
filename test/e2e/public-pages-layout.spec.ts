import { expect, type Page, test } from '@playwright/test';

/*
 * The pages a buyer reaches without an account (issue 25): the checkout with a cart line, the empty
 * checkout (the product grid), the download landing and the payment results. From 320 px up nothing
 * scrolls sideways; content keeps a margin from the screen's edges and a measure on a wide screen.
 * A start of issue 25's layout sweep, which will cover every route of every role.
 */

const pages = [
  ['the checkout with a cart line', '/checkout?download_id=4372&price_id=3'],
  ['the product grid', '/checkout'],
  ['the download landing', '/download'],
  ['the payment failure', '/payment-failed'],
] as const;

/**
 * Left and right of everything drawn in the page, shadow roots included: the boxes of leaf elements,
 * leaving out what only screen readers get (visually hidden text is a 1 px box clipped to nothing).
 */
async function drawnBounds(page: Page): Promise<{ left: number; right: number }> {
  return page.evaluate(() => {
    let left = Number.POSITIVE_INFINITY;
    let right = 0;
    const walk = (root: Document | ShadowRoot) => {
      for (const node of root.querySelectorAll('*')) {
        if (node.shadowRoot) walk(node.shadowRoot);
        if (node.childElementCount > 0 || node.shadowRoot) continue;
        const box = node.getBoundingClientRect();
        const style = getComputedStyle(node);
        if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
        left = Math.min(left, box.left);
        right = Math.max(right, box.right);
      }
    };
    walk(document);
    return { left, right };
  });
}

for (const [name, path] of pages) {
  test(`${name}: no sideways scroll from 320 px, margins on a phone, a measure at 1920 px`, async ({
    page,
  }) => {
    for (const width of [320, 390, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await expect(page.locator('vendor-portal main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(width);
      const { left, right } = await drawnBounds(page);
      expect(left, `${path} at ${width} px: left margin`).toBeGreaterThanOrEqual(12);
      expect(width - right, `${path} at ${width} px: right margin`).toBeGreaterThanOrEqual(12);
      if (width === 1920) expect(right - left, `${path}: measure`).toBeLessThanOrEqual(1120);
    }
  });
}

test('the sign-in card stands alone in the middle of the page, in a colour of its own', async ({ page }) => {
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/auth/sign-in');
    const form = page.locator('vendor-sign-in .sign-in__form');
    await expect(form).toBeVisible();
    const box = await form.boundingBox();
    expect(
      Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - width / 2),
      `centred at ${width} px`,
    ).toBeLessThan(1);
    const colours = await page.evaluate(() => {
      const shell = document.querySelector('vendor-portal')?.shadowRoot?.querySelector('.auth-shell');
      const element = shell?.querySelector('vendor-sign-in');
      const card = element?.shadowRoot?.querySelector('.sign-in__form');
      return {
        page: shell && getComputedStyle(shell).backgroundColor,
        element: element && getComputedStyle(element).backgroundColor,
        card: card && getComputedStyle(card).backgroundColor,
      };
    });
    expect(colours.element, 'no box around the card').toBe('rgba(0, 0, 0, 0)');
    expect(colours.card).not.toBe(colours.page);
  }
});
