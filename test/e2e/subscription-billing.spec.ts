import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { addMonths } from '../../server/subscriptions/periods';
import { formatDate } from '../../shared/format/dates';
import { guestBuysBlocks, uniqueEmail } from './support/checkout';
import { choosePasswordByMail, storeSessionOf } from './support/new-customer';
import { ownServer } from './support/own-server';
import { demoAccounts } from './support/session';

/*
 * Issue 27, end to end: a guest buys the yearly Blocks plugin with the sandbox card; the operator's
 * `npm run billing -- --as-of …` runs a week before the renewal (the reminder) and at it (the charge)
 * against the running server, as on the embedded database (asked on loopback with a vendor key); the
 * customer's portal then shows the renewal order, the new renewal date and the licence's new expiry,
 * and the outbox holds the reminder and the receipt.
 *
 * The server is this spec's own (same command and settings as the suite's): a run a year ahead renews,
 * retries and expires every demo subscription too, which the other suites read as seeded.
 */

const { env: serverEnv } = ownServer(1, 'billing');
test.describe.configure({ timeout: 240_000 });

const run = promisify(execFile);

/** `npm run billing -- --as-of <at>` as the operator runs it beside the server: its printed line. */
async function billingAsOf(at: Date, vendorKey: string): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/billing.ts', '--as-of', at.toISOString()],
    { env: { ...serverEnv, VENDOR_API_KEY: vendorKey }, timeout: 60_000 },
  );
  return stdout.trim();
}

/** An operator key, made by the admin through `POST /api/v1/vendor-keys`. */
async function operatorKey(page: Page): Promise<string> {
  const signIn = await page.request.post('/api/v1/signin', { data: demoAccounts.admin });
  expect(signIn.status()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const made = await page.request.post('/api/v1/vendor-keys', {
    headers: { 'X-WP-Nonce': token },
    data: { name: 'billing e2e' },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { key: string }).key;
}

async function api<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`, { headers: { 'X-WP-Nonce': token } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

interface Outboxed {
  to: string;
  subject: string;
  text: string;
}

test('a yearly card purchase renews a year later: the portal and the outbox show it', async ({ page }) => {
  const email = uniqueEmail('renews');
  await guestBuysBlocks(page, email);
  const password = await choosePasswordByMail(page, email);
  const key = await operatorKey(page);

  await page.goto('/');
  const token = await storeSessionOf(page, { username: email, password });
  const [subscription] = await api<{ name: string; renewal_date: string; renews_by: string }[]>(
    page,
    token,
    '/subscriptions',
  );
  expect(subscription).toMatchObject({ name: 'Blocks Plugin', renews_by: 'card' });
  const renewal = new Date(subscription?.renewal_date ?? '');
  const nextRenewal = addMonths(renewal, 12);

  // A week before: the reminder. At the date: the charge. The same run again: nothing more.
  const weekBefore = new Date(renewal.getTime() - 7 * 86_400_000);
  expect(await billingAsOf(weekBefore, key)).toMatch(
    new RegExp(`^Billing as of ${weekBefore.toISOString()}: \\d+ charged, .* [1-9]\\d* reminders mailed$`),
  );
  expect(await billingAsOf(renewal, key)).toMatch(
    new RegExp(`^Billing as of ${renewal.toISOString()}: [1-9]\\d* charged, `),
  );
  expect(await billingAsOf(renewal, key)).toBe(
    `Billing as of ${renewal.toISOString()}: 0 charged, 0 failed, 0 expired, 0 unanswered, 0 reminders mailed`,
  );

  // Purchase history: the renewal order beside the purchase, both $49.00.
  const history = await api<{ number: string; total: number }[]>(page, token, '/history');
  expect(history).toHaveLength(2);
  const renewalOrder = history[0]?.number ?? '';
  await page.goto('/user/purchase-history');
  const purchases = page.locator('vendor-purchases');
  await expect(purchases.getByRole('row')).toHaveCount(3);
  const renewalRow = purchases.getByRole('row', { name: new RegExp(`#${renewalOrder}\\b`) });
  await expect(renewalRow).toContainText('$49.00');
  await expect(renewalRow).toContainText(formatDate(renewal));

  // The subscription renews a year after the date just paid.
  await page.goto('/user/subscription');
  const blocks = page.locator('vendor-subscriptions').getByRole('row', { name: /Blocks Plugin/ });
  await expect(blocks).toContainText(formatDate(nextRenewal));
  await expect(blocks).toContainText('active');

  // The licence runs to the new date.
  await page.goto('/user/my-products');
  const licence = page.locator('vendor-licenses').getByRole('row', { name: /Blocks Plugin/ });
  await expect(licence).toContainText(formatDate(nextRenewal));

  const outbox = ((await (await page.request.get('/dev/outbox.json')).json()) as Outboxed[]).filter(
    (mail) => mail.to === email,
  );
  const reminder = outbox.find(
    (mail) => mail.subject === `Your Blocks Plugin subscription renews on ${formatDate(renewal)}`,
  );
  expect(reminder?.text).toContain('$49.00 will be charged to your default card');
  const receipt = outbox.find((mail) => mail.subject === `Your receipt for order #${renewalOrder}`);
  expect(receipt?.text).toContain('Total: $49.00');
});
