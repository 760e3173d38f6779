import { expect, type Page, type Request, test } from '@playwright/test';
import { newCustomerThroughCheckout, storeSessionOf } from './support/new-customer';
import { addCardThroughSandbox } from './support/sandbox-card';
import { expectNoAxeViolations } from './support/session';

/**
 * `<vendor-profile>`'s Billing & Payment Methods tab against the real server, as a customer made by a
 * purchase (so no demo account changes): the billing address with its country/state rules (spec §5
 * Billing address, §4 "Picking a country clears the state and reloads the states"), stored and shown
 * again after a reload; and removing a saved card (spec §4 Cards).
 */

test.describe.configure({ timeout: 120_000 });

const profile = (page: Page) => page.locator('vendor-portal vendor-profile');
const field = (page: Page, label: string) => profile(page).getByRole('textbox', { name: label });
const country = (page: Page) => profile(page).getByRole('combobox', { name: /^Country/ });
const state = (page: Page) => profile(page).getByRole('combobox', { name: /^State \/ Province/ });

async function choose(page: Page, box: ReturnType<typeof country>, label: string): Promise<void> {
  await box.fill(label);
  await profile(page).getByRole('option', { name: label, exact: true }).click();
}

/** The address forms the page posts to `POST /profile`, in order. */
function addressPosts(page: Page): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/profile') {
      const body = request.postDataJSON() as Record<string, unknown>;
      if (body.type === 'address') sent.push(body);
    }
  });
  return sent;
}

test('the billing address: a country loads its states, the state follows the rules, the address is stored', async ({
  page,
}) => {
  const customer = await newCustomerThroughCheckout(page, 'address');
  const token = await storeSessionOf(page, customer);
  const sent = addressPosts(page);
  await page.goto('/user/profile?tab=billing');

  // The purchase's billing address is the profile's.
  await expect(country(page)).toHaveValue('Germany');
  await expect(state(page)).toHaveValue('Berlin');
  await expect(field(page, 'Address line 1')).toHaveValue('Unter den Linden 1');
  await expect(field(page, 'City')).toHaveValue('Berlin');
  await expect(field(page, 'Zip / Postal code')).toHaveValue('10117');

  // A new country clears the state, which stays disabled until the country's states have loaded.
  let releaseStates = () => {};
  const statesHeld = new Promise<void>((resolve) => {
    releaseStates = resolve;
  });
  const statesAsked: string[] = [];
  await page.route('**/api/v1/states?*', async (route) => {
    statesAsked.push(new URL(route.request().url()).searchParams.get('country') ?? '');
    await statesHeld;
    await route.continue();
  });
  await choose(page, country(page), 'United States');
  await expect(state(page)).toHaveValue('');
  await expect(state(page)).toBeDisabled();
  await expect(state(page)).toHaveAttribute('placeholder', 'Loading states…');
  releaseStates();
  await expect(state(page)).toBeEnabled();
  await expect(state(page)).toHaveAttribute('placeholder', 'Select state');
  await expect(state(page)).toHaveAttribute('aria-required', 'true');
  expect(statesAsked).toEqual(['US']);
  await page.unroute('**/api/v1/states?*');

  // The spec §5 messages under their fields, and nothing sent while a rule is broken.
  await field(page, 'Address line 1').fill('');
  await field(page, 'City').fill('');
  await field(page, 'Zip / Postal code').fill('');
  const update = profile(page).getByRole('button', { name: 'Update Address' });
  await update.click();
  await expect(state(page)).toHaveAccessibleDescription('Please select state');
  await expect(field(page, 'Address line 1')).toHaveAccessibleDescription('Please insert billing address');
  await expect(field(page, 'City')).toHaveAccessibleDescription('Please insert city');
  await expect(field(page, 'Zip / Postal code')).toHaveAccessibleDescription('Please insert zip/postal code');
  await expectNoAxeViolations(page);

  await field(page, 'Address line 1').fill('a'.repeat(256));
  await field(page, 'Address line 2').fill('b'.repeat(256));
  await field(page, 'City').fill('c'.repeat(61));
  await field(page, 'Zip / Postal code').fill('9'.repeat(25));
  await update.click();
  await expect(field(page, 'Address line 1')).toHaveAccessibleDescription(
    'Billing address should not be more than 255 characters',
  );
  await expect(field(page, 'Address line 2')).toHaveAccessibleDescription(
    'Billing address line 2 should not be more than 255 characters',
  );
  await expect(field(page, 'City')).toHaveAccessibleDescription('City should not be more than 60 characters');
  await expect(field(page, 'Zip / Postal code')).toHaveAccessibleDescription(
    'Zip/postal code should not be more than 24 characters',
  );
  expect(sent).toEqual([]);

  // A valid address with a state is saved, sent as codes, and shown again after a reload.
  await choose(page, state(page), 'California');
  await field(page, 'Address line 1').fill('1 Market Street');
  await field(page, 'Address line 2').fill('Suite 400');
  await field(page, 'City').fill('San Francisco');
  await field(page, 'Zip / Postal code').fill('94105');
  await update.click();
  await expect(page.locator('vendor-portal')).toContainText('Profile updated successfully');
  const californian = {
    line1: '1 Market Street',
    line2: 'Suite 400',
    country: 'US',
    state: 'CA',
    city: 'San Francisco',
    zip: '94105',
  };
  expect(sent).toEqual([{ type: 'address', ...californian }]);
  await page.reload();
  await expect(country(page)).toHaveValue('United States');
  await expect(state(page)).toHaveValue('California');
  await expect(field(page, 'Address line 1')).toHaveValue('1 Market Street');
  await expect(field(page, 'Address line 2')).toHaveValue('Suite 400');
  await expect(field(page, 'City')).toHaveValue('San Francisco');
  await expect(field(page, 'Zip / Postal code')).toHaveValue('94105');
  const stored = await page.request.get('/api/v1/profile', { headers: { 'X-WP-Nonce': token } });
  expect(((await stored.json()) as { address: unknown }).address).toEqual(californian);

  // A country without states: nothing to choose, nothing required, saved with no state.
  await choose(page, country(page), 'Hong Kong');
  await expect(state(page)).toHaveAttribute('placeholder', 'No states for this country');
  await expect(state(page)).toBeDisabled();
  await expect(state(page)).not.toHaveAttribute('aria-required');
  await field(page, 'City').fill('Hong Kong');
  await field(page, 'Zip / Postal code').fill('999077');
  await update.click();
  await expect(page.locator('vendor-portal')).toContainText('Profile updated successfully');
  expect(sent.at(-1)).toMatchObject({ country: 'HK', state: '' });
  await page.reload();
  await expect(country(page)).toHaveValue('Hong Kong');
  await expect(state(page)).toHaveValue('');
  await expect(state(page)).toBeDisabled();

  // The server holds the same rule: a country with states needs one of its own states.
  for (const wrongState of ['', 'BE']) {
    const refused = await page.request.post('/api/v1/profile', {
      headers: { 'X-WP-Nonce': token },
      data: { type: 'address', ...californian, state: wrongState },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { data: { fields: unknown } }).data.fields).toEqual({
      state: 'Please select state',
    });
  }
});

test('a card that is not the default is removed after confirmation and stays gone', async ({ page }) => {
  const customer = await newCustomerThroughCheckout(page, 'cards');
  const token = await storeSessionOf(page, customer);
  await page.goto('/user/profile?tab=billing');
  // The yearly purchase saved the card it was paid with, for its renewals (issue 27): the default.
  const cards = profile(page).locator('[part="card"]');
  await expect(cards).toHaveText([/Visa ending in 4242.*Default/]);
  // A single card can not be removed: the button is not offered.
  await expect(profile(page).getByRole('button', { name: /^Remove / })).toHaveCount(0);

  await addCardThroughSandbox(page, profile(page), '5555 5555 5555 4444');
  await expect(page.locator('vendor-portal')).toContainText('Added card successfully.');
  await expect(cards).toHaveText([/Visa ending in 4242.*Default/, /Mastercard ending in 4444/]);

  // A new default goes first; the card that was the default can now be removed.
  await profile(page).getByRole('button', { name: 'Set as default: Mastercard ending in 4444' }).click();
  await profile(page).getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(cards).toHaveText([/Mastercard ending in 4444.*Default/, /Visa ending in 4242/]);

  // 'No' keeps the card; 'Yes' removes it.
  const remove = profile(page).getByRole('button', { name: 'Remove Visa ending in 4242' });
  const question = profile(page).getByRole('alertdialog', {
    name: 'Are you sure you want to remove this card?',
  });
  await remove.click();
  // Exact: the dialog also holds the toasts on screen, and 'Dismiss notification' contains 'no'.
  await question.getByRole('button', { name: 'No', exact: true }).click();
  await expect(question).toBeHidden();
  await expect(cards).toHaveCount(2);
  await remove.click();
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(question).toBeHidden();
  await expect(cards).toHaveText([/Mastercard ending in 4444/]);
  await expect(profile(page).getByRole('button', { name: /^Remove / })).toHaveCount(0);

  // The return from the card page dropped its query, so a reload opens the first tab.
  await page.reload();
  await profile(page).getByRole('tab', { name: 'Billing & Payment Methods' }).click();
  await expect(cards).toHaveText([/Mastercard ending in 4444.*Default/]);
  const stored = await page.request.get('/api/v1/profile', { headers: { 'X-WP-Nonce': token } });
  const { cards: kept } = (await stored.json()) as {
    cards: { default: boolean; source: { last4: string } }[];
  };
  expect(kept.map((card) => [card.source.last4, card.default])).toEqual([['4444', true]]);
});
