import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/session';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe on one brand's column, shadow roots included: each column stands for one brand's site with one
 * checkout. (The page as a whole, with its two checkouts, is checked by the layout sweep.)
 */
async function expectColumnAccessible(page: Page, selector: string): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (target) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Element) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    const column = document.querySelector(target);
    if (!column) throw new Error(`no ${target}`);
    return (await axe.run(column)).violations.map((violation) => violation.id);
  }, selector);
  expect(violations, selector).toEqual([]);
}

/*
 * The demo pages of issue #15: the same elements in two brand themes side by side (/demo/themes/),
 * and the log of every vendor-* event the page receives (demo/events-log.js).
 */
const brand = (page: Page, name: 'Harbor' | 'Ember'): Locator => page.locator(`[data-brand="${name}"]`);
const log = (page: Page) => page.locator('[data-events-log]');

test('two brands theme the same elements side by side, sharing one cart, and the log names each', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/demo/themes/');
  const harbor = brand(page, 'Harbor');
  const ember = brand(page, 'Ember');
  // download-id="4372" put the Addons Plugin in the cart of both checkouts.
  for (const column of [harbor, ember]) {
    await expect(column.locator('vendor-checkout .co__lines > li')).toHaveCount(1);
    await expect(column.locator('vendor-checkout .co__lines > li').first()).toContainText('Addons Plugin');
  }
  // Side by side: the two columns share a row.
  const [left, right] = await Promise.all([harbor.boundingBox(), ember.boundingBox()]);
  expect(left && right && Math.abs(left.y - right.y) < 1 && left.x < right.x).toBe(true);

  // Each brand's --vendor-* values reach inside its elements' shadow roots.
  const pay = (column: Locator) => column.locator('vendor-checkout').getByRole('button', { name: /^Pay \$/ });
  await expect(pay(harbor)).toHaveCSS('background-color', 'rgb(10, 107, 79)');
  await expect(pay(ember)).toHaveCSS('background-color', 'rgb(255, 178, 107)');
  await expect(pay(harbor)).toHaveCSS('border-top-left-radius', '14px');
  await expect(pay(ember)).toHaveCSS('border-top-left-radius', '2px');
  await expect(ember.locator('vendor-checkout')).toHaveCSS('background-color', 'rgb(28, 21, 18)');

  await expect(log(page)).toContainText('vendor-cart-changed from <vendor-checkout> (Harbor)');
  await expect(log(page)).toContainText('vendor-cart-changed from <vendor-checkout> (Ember)');

  // One cart: a plan chosen in one brand's checkout is the plan in the other's.
  await harbor
    .locator('vendor-checkout')
    .getByLabel('Plan for Addons Plugin')
    .selectOption({ label: 'Unlimited Sites – $99.97' });
  await expect(pay(ember)).toHaveText('Pay $99.97');
  await expect(log(page).locator('li').first()).toContainText('"total": 99.97');

  await expectColumnAccessible(page, '[data-brand="Harbor"]');
  await expectColumnAccessible(page, '[data-brand="Ember"]');
});

test('the demo page logs the events its elements dispatch, with their detail', async ({ page }) => {
  await page.goto('/demo/');
  // Before any action: the page's own text, or the one cart event the load itself may send first.
  await expect(page.locator('[data-events-count]')).toHaveText(
    /^(No events yet: add a product to the cart\.|1 event received)$/,
  );
  const checkout = page.locator('vendor-checkout');
  await checkout
    .locator('[part="product"]')
    .filter({ has: page.getByRole('heading', { name: 'Blocks Plugin', exact: true }) })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  const entry = log(page).locator('li').first();
  await expect(entry).toContainText('vendor-cart-changed from <vendor-checkout>');
  await expect(entry).toContainText('"name": "Blocks Plugin"');
  // The load's own cart event (an empty cart) may come first: the count follows the log.
  const entries = await log(page).locator('li').count();
  await expect(page.locator('[data-events-count]')).toHaveText(
    `${entries} ${entries === 1 ? 'event' : 'events'} received`,
  );
  await expectNoAxeViolations(page);
});

test('the events log listens to every event an element declares (custom-elements.json)', () => {
  // The build writes the manifest from the @fires tags of each element.ts.
  const manifest = JSON.parse(readFileSync('dist/custom-elements.json', 'utf8')) as {
    modules: { declarations?: { events?: { name: string }[] }[] }[];
  };
  const declared = new Set(
    manifest.modules.flatMap((module) =>
      (module.declarations ?? []).flatMap((declaration) =>
        (declaration.events ?? []).map((event) => event.name),
      ),
    ),
  );
  const listened = new Set(
    [...readFileSync('demo/events-log.js', 'utf8').matchAll(/'(vendor-[a-z-]+)'/g)].map(
      ([, name]) => name ?? '',
    ),
  );
  expect(declared.size).toBeGreaterThan(15);
  expect([...declared].filter((name) => !listened.has(name))).toEqual([]);
  // Nor does it list an event no element dispatches.
  expect([...listened].filter((name) => !declared.has(name))).toEqual([]);
});
