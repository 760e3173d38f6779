import { expect, type Page, test } from '@playwright/test';
import { guestBuysBlocks, result, uniqueEmail } from './support/checkout';
import { mailedSetPasswordLink } from './support/new-customer';

/*
 * What a guest buyer is told and mailed about their account (issue #23, "Truthful accounts and
 * credentials"): a new account gets the e-mail address to sign in with and a single-use link to choose
 * a password, never a password; an address that already has an account is told so, not that
 * credentials were mailed.
 */

test.describe.configure({ timeout: 90_000 });

/** A guest (no session) buys the Blocks plugin with the sandbox card and waits for the receipt. */
async function guestBuys(page: Page, email: string): Promise<void> {
  await guestBuysBlocks(page, email);
  await expect(result(page).locator('.pr__keys code').first()).toBeVisible({ timeout: 15_000 });
}

async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const signIn = page.locator('vendor-sign-in');
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill(password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
}

async function choosePassword(page: Page, link: URL, password: string): Promise<void> {
  await page.goto(`${link.pathname}${link.search}`);
  const form = page.locator('vendor-sign-in');
  await form.getByLabel('New password').fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByRole('button', { name: 'Reset Password' }).click();
}

test('a guest purchase with an existing e-mail shows no credentials sentence', async ({ page }) => {
  const email = uniqueEmail('returning');
  // The first purchase makes the account (and says the sign-in details were mailed) …
  await guestBuys(page, email);
  await expect(result(page).getByText(`Your login credentials have been sent to ${email}`)).toBeVisible();
  await mailedSetPasswordLink(page, email);

  // … a second one as a guest with the same address goes to that account, and says so.
  await guestBuys(page, email);
  await expect(
    result(page).getByText(
      `An account with ${email} already exists, and this purchase was added to it. Sign in with that account; the receipt was sent to ${email}.`,
    ),
  ).toBeVisible();
  await expect(result(page).getByText(/login credentials/)).toHaveCount(0);
  await expect(result(page).getByRole('link', { name: 'Login to Dashboard' })).toBeVisible();
  // Only the first purchase mailed a link to choose a password.
  const outbox = (await (await page.request.get('/dev/outbox.json')).json()) as {
    to: string;
    subject: string;
    text: string;
  }[];
  expect(outbox.filter((m) => m.to === email && m.text.includes('/auth/reset-password?'))).toHaveLength(1);
  // The receipt went to that address, as the page says: one per purchase, naming the order shown.
  const order = (await result(page).locator('.pr__facts').first().innerText()).match(/#\d+/)?.[0];
  expect(order).toBeTruthy();
  const receipts = outbox.filter((m) => m.to === email && m.subject.startsWith('Your receipt for order #'));
  expect(receipts).toHaveLength(2);
  expect(receipts.map((m) => m.subject)).toContain(`Your receipt for order ${order}`);
});

test('the mailed set-password link works once and signs in by e-mail', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await guestBuys(page, email);
  const outbox = (await (await page.request.get('/dev/outbox.json')).json()) as {
    to: string;
    text: string;
  }[];
  const mail = outbox.find((m) => m.to === email && m.text.includes('/auth/reset-password?'))?.text ?? '';
  expect(mail).toContain(`Sign in with your e-mail address: ${email}`);
  expect(mail).not.toMatch(/password:|user ?name/i);
  const link = await mailedSetPasswordLink(page, email);

  await choosePassword(page, link, 'Chosen#Pass2026');
  await page.waitForURL((target) => target.pathname === '/');

  // The sign-in form takes the e-mail address the mail named.
  await page.goto('/auth/sign-in');
  await submitSignIn(page, email, 'Chosen#Pass2026');
  await page.waitForURL('**/user/dashboard');
  await page.goto('/user/my-products');
  await expect(page.locator('vendor-licenses').getByText('Blocks Plugin').first()).toBeVisible();

  // Once: the same link no longer sets a password.
  await page.evaluate(() => localStorage.removeItem('access_token'));
  await choosePassword(page, link, 'Other#Pass2027');
  await expect(
    page.locator('vendor-sign-in').getByText('This password reset link is invalid or has expired.'),
  ).toBeVisible();
  const refused = await page.request.post('/api/v1/signin', {
    data: { username: email, password: 'Other#Pass2027' },
  });
  expect(refused.status()).toBe(400);
});
