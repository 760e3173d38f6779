import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { authenticatorApp } from './support/authenticator';
import { type Credentials, newCustomerThroughCheckout } from './support/new-customer';
import { expectNoAxeViolations, signInAs } from './support/session';

/**
 * `<vendor-profile>`'s Password & Security tab against the real server, driven as a user does through
 * the portal: the authenticator turned on from the profile, signing out and in with a code, new
 * recovery codes replacing the old ones (each used once), and 2FA turned off again; plus every message
 * of the profile table and the password rules (spec §5) by its exact text. The 2FA round trip runs as a
 * customer made by a purchase, so no demo account changes.
 */

test.describe.configure({ timeout: 150_000 });

const portal = (page: Page) => page.locator('vendor-portal');
const profile = (page: Page) => page.locator('vendor-portal vendor-profile');
const notValid = 'Sorry, your verification code is not valid, please try again.';

async function signOut(page: Page): Promise<void> {
  await portal(page)
    .getByRole('navigation', { name: 'Account' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await page.waitForURL(/\/auth\/sign-in$/);
}

/** Fills and sends the portal's sign-in form (a 2FA dialog follows when the account has 2FA). */
async function submitPassword(page: Page, account: Credentials): Promise<void> {
  await page.getByLabel('Email').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const twoFactorDialog = (page: Page) => page.getByRole('dialog', { name: 'Two-factor authentication' });

async function verifyWith(page: Page, code: string, kind: 'Verification code' | 'Recovery code') {
  const dialog = twoFactorDialog(page);
  if (kind === 'Recovery code') await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
  await dialog.getByLabel(kind).fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
}

/** The server's refusal shows as an error toast and under the input, which is cleared (spec §8). */
async function expectCodeRefused(page: Page): Promise<void> {
  const input = twoFactorDialog(page).getByLabel('Recovery code');
  await expect(page.getByRole('status').getByText(notValid)).toBeVisible();
  await expect(input).toHaveAccessibleDescription(notValid);
  await expect(input).toHaveValue('');
}

/** Runs an action of a 2FA method's menu ('Authenticator app actions'). */
async function methodAction(page: Page, method: string, action: string): Promise<void> {
  await profile(page)
    .getByRole('button', { name: `${method} actions` })
    .click();
  await profile(page).getByRole('menuitem', { name: action }).click();
}

/**
 * The confirm step of Disable, new recovery codes and a switch (issue 26): the current password and a
 * code, in the dialog (the password form behind it has a 'Current password' too).
 */
async function confirmWith(page: Page, password: string, code: string): Promise<void> {
  const dialog = profile(page).getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

/** The codes of the `.txt` download an action starts, one per line. */
async function downloadedCodes(page: Page, start: () => Promise<void>): Promise<string[]> {
  const downloading = page.waitForEvent('download');
  await start();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('recovery-codes.txt');
  return (await readFile(await download.path(), 'utf8')).trim().split('\n');
}

async function openSecurityTab(page: Page): Promise<void> {
  await page.goto('/user/profile?tab=security');
  await expect(profile(page).getByRole('tab', { name: 'Password & Security' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test('TOTP from the profile: on, sign in with a code, new recovery codes retire the old ones, off', async ({
  page,
}) => {
  const customer = await newCustomerThroughCheckout(page, 'totp');
  await page.goto('/auth/sign-in');
  await submitPassword(page, customer);
  await page.waitForURL('**/user/dashboard');

  // Turn the authenticator on: the key shown is what the app is given; a code from it confirms.
  await openSecurityTab(page);
  const totpRow = profile(page).getByRole('listitem').filter({ hasText: 'Authenticator app' });
  await expect(totpRow).toContainText('Not configured');
  await methodAction(page, 'Authenticator app', 'Configure');
  const setup = profile(page).getByRole('dialog', { name: 'Set up your authenticator app' });
  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await setup.locator('.two-factor__key code').textContent()) ?? '';
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const app = authenticatorApp(key);
  await expectNoAxeViolations(page);
  await setup.getByRole('button', { name: 'Verify' }).click();
  await expect(setup.getByLabel('Verification code')).toHaveAccessibleDescription(
    'Please insert verification code',
  );
  await setup.getByLabel('Verification code').fill(await app.nextCode());
  await setup.getByRole('button', { name: 'Verify' }).click();

  // The recovery codes shown are the ones downloaded.
  const codesDialog = profile(page).getByRole('dialog', { name: 'Your recovery codes' });
  const shown = codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(shown).toHaveCount(10);
  const shownCodes = await shown.allTextContents();
  const firstCodes = await downloadedCodes(page, () =>
    codesDialog.getByRole('button', { name: 'Download recovery codes' }).click(),
  );
  expect(firstCodes).toEqual(shownCodes);
  await expect(portal(page)).toContainText('Your recovery code is downloaded.');
  await expect(codesDialog).toBeHidden();
  await expect(totpRow).toContainText('Configured');
  await expect(totpRow).not.toContainText('Not configured');
  await expectNoAxeViolations(page);

  // Signing in now takes the password and a code.
  await signOut(page);
  await submitPassword(page, customer);
  await expect(twoFactorDialog(page)).toContainText('2FA Authentication Required');
  await verifyWith(page, await app.nextCode(), 'Verification code');
  await page.waitForURL('**/user/dashboard');

  // The first set works, until new codes replace it.
  await openSecurityTab(page);
  await signOut(page);
  await submitPassword(page, customer);
  await verifyWith(page, firstCodes[1] ?? '', 'Recovery code');
  await page.waitForURL('**/user/dashboard');

  // New recovery codes: their download starts once they are made.
  await openSecurityTab(page);
  const newCodes = await downloadedCodes(page, async () => {
    await methodAction(page, 'Authenticator app', 'Generate New Recovery Codes');
    // A wrong password is refused under its field; then the right one and a code from the app.
    await confirmWith(page, 'Not the password 1', await app.nextCode());
    await expect(
      profile(page).getByRole('dialog').getByLabel('Current password'),
    ).toHaveAccessibleDescription('The current password is not correct.');
    await confirmWith(page, customer.password, await app.nextCode());
  });
  await expect(portal(page)).toContainText('Your recovery code is downloaded.');
  expect(newCodes).toHaveLength(10);
  expect(newCodes.filter((code) => firstCodes.includes(code))).toEqual([]);

  // An old code is refused; a new one signs in once.
  await signOut(page);
  await submitPassword(page, customer);
  await verifyWith(page, firstCodes[0] ?? '', 'Recovery code');
  await expectCodeRefused(page);
  await twoFactorDialog(page)
    .getByLabel('Recovery code')
    .fill(newCodes[0] ?? '');
  await twoFactorDialog(page).getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/user/dashboard');
  // A recovery code signs in without turning the authenticator off. (This page load also keeps the
  // sign-out below apart from a known portal fault: signing out on the page that signed in returns to
  // /user/dashboard and then to /auth/sign-in?redirect=…, reported separately.)
  await openSecurityTab(page);
  await expect(totpRow).toContainText('Configured');
  await expect(totpRow).not.toContainText('Not configured');

  await signOut(page);
  await submitPassword(page, customer);
  await verifyWith(page, newCodes[0] ?? '', 'Recovery code');
  await expectCodeRefused(page);
  await twoFactorDialog(page)
    .getByLabel('Recovery code')
    .fill(newCodes[1] ?? '');
  await twoFactorDialog(page).getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/user/dashboard');

  // Off again (confirmed with the password and a recovery code): the password alone signs in.
  await openSecurityTab(page);
  await methodAction(page, 'Authenticator app', 'Disable');
  await confirmWith(page, customer.password, newCodes[2] ?? '');
  await expect(totpRow).toContainText('Not configured');
  await signOut(page);
  await submitPassword(page, customer);
  await page.waitForURL('**/user/dashboard');
  await expect(twoFactorDialog(page)).toHaveCount(0);
});

test('every message of the profile table and the password rules, on the page and from the server', async ({
  page,
}) => {
  // Nothing is saved here (every form breaks a rule), so the shared demo customer is left as it was.
  const token = await signInAs(page, 'customer');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/profile') {
      posts.push(request.postData() ?? '');
    }
  });
  await page.goto('/user/profile');
  const textbox = (name: string) => profile(page).getByRole('textbox', { name, exact: true });
  const update = profile(page).getByRole('button', { name: 'Update Profile' });

  for (const name of ['First name', 'Last name', 'Display name', 'Primary email'])
    await textbox(name).fill('');
  await update.click();
  await expect(textbox('First name')).toHaveAccessibleDescription('First name is required');
  await expect(textbox('Last name')).toHaveAccessibleDescription('Last name is required');
  await expect(textbox('Display name')).toHaveAccessibleDescription('Display name is required');
  await expect(textbox('Primary email')).toHaveAccessibleDescription('Email is required');
  await expectNoAxeViolations(page);

  await textbox('First name').fill('f'.repeat(61));
  await textbox('Last name').fill('l'.repeat(61));
  await textbox('Display name').fill('d'.repeat(101));
  await textbox('Primary email').fill('not-an-address');
  await update.click();
  await expect(textbox('First name')).toHaveAccessibleDescription(
    'Fist name should not be more than 60 characters',
  );
  await expect(textbox('Last name')).toHaveAccessibleDescription(
    'Last name should not be more than 60 characters',
  );
  await expect(textbox('Display name')).toHaveAccessibleDescription(
    'Display name should not be more than 100 characters',
  );
  await expect(textbox('Primary email')).toHaveAccessibleDescription('Please insert a valid email');

  await profile(page).getByRole('tab', { name: 'Password & Security' }).click();
  const newPassword = textbox('New password');
  const confirmPassword = textbox('Confirm new password');
  const change = profile(page).getByRole('button', { name: 'Change Password' });
  await change.click();
  await expect(profile(page).getByLabel('Current password')).toHaveAccessibleDescription(
    'Please enter your current password',
  );
  await expect(newPassword).toHaveAccessibleDescription('Please enter password');
  await expect(confirmPassword).toHaveAccessibleDescription('Please confirm password');
  await profile(page).getByLabel('Current password').fill('Customer#2026');
  await newPassword.fill('Customer');
  await confirmPassword.fill('Customer');
  await change.click();
  await expect(newPassword).toHaveAccessibleDescription(
    'Password must contain 1 lowercase, 1 uppercase,1 number and it must be 8 characters or longer',
  );
  await newPassword.fill('Customer#2027');
  await confirmPassword.fill('Customer#2028');
  await change.click();
  await expect(confirmPassword).toHaveAccessibleDescription(
    'Confirm password does not match, please check input.',
  );
  await expectNoAxeViolations(page);
  expect(posts).toEqual([]);

  // The server holds the same rules for a caller that skips the page.
  const refusals: [Record<string, string>, Record<string, string>][] = [
    [
      {
        type: 'profile',
        first_name: 'f'.repeat(61),
        last_name: '',
        display_name: 'd'.repeat(101),
        email: 'x',
      },
      {
        first_name: 'Fist name should not be more than 60 characters',
        last_name: 'Last name is required',
        display_name: 'Display name should not be more than 100 characters',
        email: 'Please insert a valid email',
      },
    ],
    [
      { type: 'password', new_password: 'Customer#2027', new_password_2: 'Customer#2028' },
      {
        current_password: 'Please enter your current password',
        new_password_2: 'Confirm password does not match, please check input.',
      },
    ],
    [
      {
        type: 'password',
        current_password: 'Customer#2026',
        new_password: 'Password1',
        new_password_2: 'Password1',
      },
      { new_password: 'This password is too common, please choose another one.' },
    ],
  ];
  for (const [data, fields] of refusals) {
    const refused = await page.request.post('/api/v1/profile', { headers: { 'X-WP-Nonce': token }, data });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { data: { fields: unknown } }).data.fields).toEqual(fields);
  }
});
