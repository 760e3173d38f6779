import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { authenticator } from 'otplib';
import { demoTotpSecret } from '../../server/seed/demo-accounts';

/**
 * `<vendor-sign-in>` against the real server and its seeded accounts. The element is placed on the
 * portal's /auth pages (served for every /auth/* path), so it reads `redirect`, `key` and `user` from
 * the real URL and navigates with `location.assign`.
 */
test.describe.configure({ mode: 'serial' });

async function openSignIn(
  page: Page,
  path = '/auth/sign-in',
  view = 'sign-in',
  options = { signedIn: false },
) {
  await page.goto(path);
  await page.evaluate(
    ({ v, src }) => {
      document.body.innerHTML = `<vendor-sign-in api-base="/api/v1" view="${v}"></vendor-sign-in>`;
      // Loaded directly rather than through whatever the portal page loads.
      void import(src);
    },
    { v: view, src: '/widgets/vendor-sign-in.js' },
  );
  if (options.signedIn) {
    await expect(page.locator('vendor-sign-in')).toContainText('You are signed in.');
    await page.locator('vendor-sign-in').getByRole('button', { name: 'Sign out' }).click();
  }
  await expect(page.locator('vendor-sign-in form')).toBeVisible();
  if (options.signedIn) {
    await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  }
}

async function submitPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function newestMail(page: Page, to: string): Promise<string> {
  const response = await page.request.get('/dev/outbox.json');
  const messages = (await response.json()) as { to: string; text: string }[];
  return messages.find((m) => m.to === to)?.text ?? '';
}

/** The newest reset link mailed to `to` other than `used`: the server mails it just after answering. */
async function mailedResetLink(page: Page, to: string, used?: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      link = /https?:\/\/\S+\/auth\/reset-password\?\S+/.exec(await newestMail(page, to))?.[0] ?? '';
      return link !== '' && link !== used;
    })
    .toBe(true);
  return link;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

/** Codes of the forced setup, kept for the recovery-code sign-in that follows. */
let recoveryCodes: string[] = [];

test('plain sign-in lands on the dashboard with the token stored', async ({ page }) => {
  await openSignIn(page);
  await submitPassword(page, 'manager@example.com', 'Manager#2026');
  await page.waitForURL('**/user/dashboard');
  expect(await storedToken(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test('a redirect to another origin is ignored', async ({ page }) => {
  await openSignIn(page, '/auth/sign-in?redirect=%2F%2Fevil.example%2Fx');
  await submitPassword(page, 'admin@example.com', 'Admin#2026');
  await page.waitForURL('**/user/dashboard');
});

test('a same-origin redirect is followed', async ({ page }) => {
  await openSignIn(page, '/auth/sign-in?redirect=checkout');
  await submitPassword(page, 'admin@example.com', 'Admin#2026');
  await page.waitForURL('**/checkout');
});

test('TOTP sign-in with a code computed from the seeded secret', async ({ page }) => {
  await openSignIn(page);
  await submitPassword(page, 'totp@example.com', 'Totp#2026');
  const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('2FA Authentication Required');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Verification code').fill(authenticator.generate(demoTotpSecret));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/user/dashboard');
  expect(await storedToken(page)).not.toBeNull();
});

test('e-mail 2FA with the code read from /dev/outbox', async ({ page }) => {
  await openSignIn(page);
  await submitPassword(page, 'email2fa@example.com', 'Email2fa#2026');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('em******@example.com');
  const code = /verification code is (\d{6})/.exec(await newestMail(page, 'email2fa@example.com'))?.[1] ?? '';
  await dialog.getByLabel('Verification code').fill(code === '000000' ? '000001' : '000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('vendor-sign-in .ui-toast__message')).toHaveText('Expired code or wrong one');
  await expect(dialog.getByLabel('Verification code')).toHaveValue('');
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/user/dashboard');
});

test('forced setup from level 1 to a token, downloading the recovery codes', async ({ page }) => {
  await openSignIn(page);
  await submitPassword(page, 'setup2fa@example.com', 'Setup2fa#2026');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Choose how you will confirm your sign-ins.');
  await dialog.getByRole('button', { name: 'Authenticator app' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await dialog.locator('.two-factor__key code').textContent()) ?? '';
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByLabel('Verification code').fill(authenticator.generate(key));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.locator('.two-factor__codes li')).toHaveCount(10);
  expect(await storedToken(page)).toBeNull();

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download recovery codes' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('recovery-codes.txt');
  const text = await readFile(await download.path(), 'utf8');
  recoveryCodes = text.trim().split('\n');
  expect(recoveryCodes).toHaveLength(10);
  await page.waitForURL('**/user/dashboard');
  expect(await storedToken(page)).not.toBeNull();
});

test('recovery-code sign-in works once', async ({ page }) => {
  const [code] = recoveryCodes;
  expect(code).toBeTruthy();
  await openSignIn(page);
  await submitPassword(page, 'setup2fa@example.com', 'Setup2fa#2026');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
  await dialog.getByLabel('Recovery code').fill(code ?? '');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/user/dashboard');

  // Still signed in: the element says so instead of showing the form, and signs out on request.
  await openSignIn(page, '/auth/sign-in', 'sign-in', { signedIn: true });
  await submitPassword(page, 'setup2fa@example.com', 'Setup2fa#2026');
  await page.getByRole('dialog').getByRole('button', { name: 'Use a recovery code' }).click();
  await page
    .getByRole('dialog')
    .getByLabel('Recovery code')
    .fill(code ?? '');
  await page.getByRole('dialog').getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('vendor-sign-in .ui-toast__message')).toHaveText(
    'Sorry, your verification code is not valid, please try again.',
  );
});

test('forgot password → mail → reset → sign in with the new password', async ({ page }) => {
  await openSignIn(page, '/auth/forget-pass', 'forgot');
  await page.getByLabel('Email').fill('affiliate@example.com');
  await page.getByRole('button', { name: 'Send Password Reset Link' }).click();
  await expect(page.locator('vendor-sign-in')).toContainText(
    'A reset password link have been sent to your email, please check your email.',
  );
  await expect(page.getByLabel('Email')).toHaveValue('');

  const link = await mailedResetLink(page, 'affiliate@example.com');
  const url = new URL(link);
  await openSignIn(page, `${url.pathname}${url.search}`, 'reset');
  await page.getByLabel('New password').fill('Affiliate#2027');
  await page.getByLabel('Confirm password').fill('Affiliate#2027');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.waitForURL((target) => target.pathname === '/');

  await openSignIn(page);
  await submitPassword(page, 'affiliate@example.com', 'Affiliate#2026');
  await expect(page.locator('vendor-sign-in')).toContainText('Incorrect email or password.');
  await submitPassword(page, 'affiliate@example.com', 'Affiliate#2027');
  await page.waitForURL('**/user/dashboard');

  // Put the seeded password back for any later test file on this server.
  await page.request.post('/api/v1/reset-password', { data: { user: 'affiliate@example.com' } });
  const again = new URL(await mailedResetLink(page, 'affiliate@example.com', link));
  const restored = await page.request.post('/api/v1/reset-password', {
    data: {
      key: again.searchParams.get('key'),
      user: again.searchParams.get('user'),
      action: 'rp',
      new_pass: 'Affiliate#2026',
      new_pass_2: 'Affiliate#2026',
    },
  });
  expect(restored.ok()).toBe(true);
});
