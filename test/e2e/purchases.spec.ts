import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from '../../server/invoices/pdf-text';
import { expectNoAxeViolations, signInAs } from './support/session';

/**
 * `<vendor-subscriptions>` and `<vendor-purchases>` in the portal, against the real server as the
 * seeded customer: cancel and reactivate through the modal, the purchase history, every invoice form
 * message, a generated invoice downloaded and read back, and no invoice for the refunded purchase.
 */

const question = 'Are you sure you want to cancel/reactivate subscription?';

async function open(page: Page, path: string) {
  await signInAs(page, 'customer');
  // The avatar service is outside this machine: answer for it so the page stays quiet.
  await page.route('https://www.gravatar.com/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
  await page.goto(path);
}

test('cancel then reactivate a subscription through the confirm modal', async ({ page }) => {
  await open(page, '/user/subscription');
  const element = page.locator('vendor-subscriptions');
  const bundle = element.getByRole('row', { name: /Agency Bundle/ });
  await expect(bundle).toContainText('$399.00 / year');
  await expect(bundle).toContainText('active');

  await bundle.getByRole('button', { name: 'Cancel Agency Bundle subscription' }).click();
  const dialog = element.getByRole('alertdialog', { name: question });
  await expect(dialog).toBeVisible();
  // Exact: the dialog also holds the toasts on screen, and 'Dismiss notification' contains 'no'.
  await dialog.getByRole('button', { name: 'No', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(bundle).toContainText('active');

  await bundle.getByRole('button', { name: 'Cancel Agency Bundle subscription' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  // The page's first toaster (the portal's) shows the toast.
  await expect(page.getByText('Subscription canceled successfully')).toBeVisible();
  await expect(bundle).toContainText('cancelled');

  // What the server stored survives a reload.
  await page.reload();
  await expect(bundle).toContainText('cancelled');
  await bundle.getByRole('button', { name: 'Reactivate Agency Bundle subscription' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Subscription reactivated successfully')).toBeVisible();
  await expect(bundle).toContainText('active');
  await expectNoAxeViolations(page);
});

test('purchase history: relative links, no invoice for the refunded purchase', async ({ page }) => {
  await open(page, '/user/purchase-history');
  const element = page.locator('vendor-purchases');
  // One row per purchase of the customer's history (other suites may have added purchases), plus the header.
  const history = await page.request.get('/api/v1/history', {
    headers: { 'X-WP-Nonce': (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '' },
  });
  const purchases = (await history.json()) as unknown[];
  expect(purchases.length).toBeGreaterThanOrEqual(5);
  await expect(element.getByRole('row')).toHaveCount(purchases.length + 1);
  const refunded = element.getByRole('row', { name: /refunded/ });
  await expect(refunded.getByRole('link', { name: /Generate Invoice/ })).toHaveCount(0);
  await expect(refunded).toContainText('No invoice');
  await expectNoAxeViolations(page);

  const first = element.getByRole('row').nth(1);
  await first.getByRole('link', { name: /View Licenses/ }).click();
  await expect(page).toHaveURL(/\/user\/manage-license\/\d+$/);
});

test('the invoice form: every validation message by text, state cleared by a new country', async ({
  page,
}) => {
  await open(page, '/user/purchase-history');
  const purchases = page.locator('vendor-purchases');
  await purchases
    .getByRole('link', { name: /Generate Invoice/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/user\/generate-invoice\/\d+$/);
  const form = purchases.locator('form');
  await expect(form.getByLabel('Billing name')).toHaveValue('Casey Customer');
  await expect(form.getByLabel('State / Province')).toHaveValue('California');

  for (const label of ['Billing name', 'Email', 'Address line 1', 'City', 'Zip / Postal code']) {
    await form.getByLabel(label).fill('');
  }
  await form.getByRole('button', { name: 'Generate' }).click();
  for (const message of [
    'Please insert billing name',
    'Please insert email',
    'Please insert billing address',
    'Please insert city',
    'Please insert zip/postal code',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }

  await form.getByLabel('Billing name').fill('n'.repeat(101));
  await form.getByLabel('Email').fill('casey@');
  await form.getByLabel('Address line 1').fill('a'.repeat(256));
  await form.getByLabel('Address line 2').fill('a'.repeat(256));
  await form.getByLabel('City').fill('c'.repeat(61));
  await form.getByLabel('Zip / Postal code').fill('z'.repeat(25));
  await form.getByRole('button', { name: 'Generate' }).click();
  for (const message of [
    'Billing name should not be more than 100 characters',
    'Please enter a valid email',
    'Billing address should not be more than 255 characters',
    'Billing address line 2 should not be more than 255 characters',
    'City should not be more than 60 characters',
    'Zip/postal code should not be more than 24 characters',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }

  // A new country clears the state, which that country then requires.
  const country = form.getByLabel('Country');
  await country.fill('Germ');
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue('Germany');
  await expect(form.getByLabel('State / Province')).toHaveValue('');
  await expect(form.getByLabel('State / Province')).toBeEnabled();
  await form.getByRole('button', { name: 'Generate' }).click();
  await expect(form.getByText('Please select state', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await purchases.getByRole('link', { name: /Back to Purchase History/ }).click();
  await expect(page).toHaveURL(/\/user\/purchase-history$/);
});

test('generate an invoice: Invoice-{number}.pdf, a valid PDF with the billing name, VAT, items and total', async ({
  page,
}) => {
  await open(page, '/user/purchase-history');
  const purchases = page.locator('vendor-purchases');
  // The seeded bundle purchase: the oldest $399.00 row (newest first; other suites may renew the bundle).
  const bundleRow = purchases.getByRole('row', { name: /\$399\.00/ }).last();
  await bundleRow.getByRole('link', { name: /Generate Invoice/ }).click();
  const form = purchases.locator('form');
  await expect(form.getByLabel('State / Province')).toHaveValue('California');
  await form.getByLabel('Billing name').fill('Casey Shop LLC');
  await form.getByLabel('Tax / VAT number').fill('EU123456789');
  await form.getByLabel('Notes').fill('PO 4471');

  const downloading = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Generate' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Invoice-\d{6}\.pdf$/);
  const bytes = new Uint8Array(await readFile((await download.path()) as string));
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const number = /^Invoice-(\d{6})\.pdf$/.exec(download.suggestedFilename())?.[1];
  expect((await PDFDocument.load(bytes)).getTitle()).toBe(`Invoice ${number}`);
  const text = pdfText(bytes);
  for (const expected of [
    'Casey Shop LLC',
    'VAT / Tax number: EU123456789',
    'Agency Bundle',
    '$399.00',
    'PO 4471',
  ]) {
    expect(text).toContain(expected);
  }
  await expect(purchases.getByText(`Invoice ${number}`)).toBeVisible();

  // Generating again keeps the number.
  const again = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Generate' }).click();
  expect((await again).suggestedFilename()).toBe(download.suggestedFilename());
});
