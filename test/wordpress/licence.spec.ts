import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, wordpressFiles, wordpressUrl, wpPhp, wpSignIn } from './support/site';
import {
  customerLicences,
  openPortalAs,
  publishExamplePlugin,
  type StoreLicence,
  storeGet,
  storeToken,
} from './support/store';

/*
 * Issue 29, the plugin author's side: wordpress/example-plugin (item 1677666, the Blocks Plugin, with
 * the licence client) installed at 1.0.0 on a real WordPress, licensed and updated from the real server.
 * The customer's agency bundle holds an active Blocks licence (unlimited sites); their own Blocks
 * licence has expired. The steps build on each other, in order.
 */
test.describe.configure({ mode: 'serial' });

const blocks = 1677666;
const screen = '/wp-admin/options-general.php?page=example-plugin-licence';
const mainFile = join(wordpressFiles, 'wp-content/plugins/example-plugin/example-plugin.php');

let bundle: { paymentId: number; licence: StoreLicence };
let expiredKey: string;

test.beforeAll(async ({ request }) => {
  ({ bundle, expiredKey } = await customerLicences(request, blocks, 'Blocks Plugin'));
});

const status = (page: Page) => page.locator('#example-plugin-licence-status');

async function manageSites(page: Page, request: Parameters<typeof storeToken>[0]) {
  const token = await storeToken(request, 'customer');
  await openPortalAs(
    page,
    token,
    `/user/manage-site/${bundle.paymentId}?license_id=${bundle.licence.license_id}`,
  );
  return page.locator('vendor-licenses').getByRole('table', { name: 'Manage Sites' });
}

test('the example plugin at 1.0.0 activates its licence from wp-admin, and the portal lists the site', async ({
  page,
  request,
}) => {
  expect(readFileSync(mainFile, 'utf8')).toMatch(/Version:\s+1\.0\.0/);
  await wpSignIn(page);
  await page.goto(screen);
  await expect(page.getByRole('heading', { name: 'Example Plugin licence', level: 1 })).toBeVisible();
  await expect(status(page)).toContainText('Not activated');
  await expectAccessible(page, '.wrap');

  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your licence key.');
  await page.getByLabel('Licence key').fill('not-a-real-key');
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('alert')).toContainText('This licence key is not valid for this plugin.');

  await page.getByLabel('Licence key').fill(bundle.licence.license_key);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('status')).toHaveText('Licence activated. This site now receives updates.');
  await expect(status(page)).toContainText('Active');
  await expect(status(page)).toContainText('Unlimited');
  await expect(status(page)).toContainText('Expires');
  await expect(status(page)).not.toContainText('Never');
  await expectAccessible(page, '.wrap');

  // A loopback site is listed as 'Local' (free of the site limit).
  await expect(
    (await manageSites(page, request)).getByRole('row', { name: new RegExp(`^${wordpressUrl} Local`) }),
  ).toBeVisible();
});

test('the daily heartbeat validates with the store, and offline trusts the signed licence file', async ({
  request,
}) => {
  const output = execFileSync('php', [join(import.meta.dirname, 'heartbeat.php'), wordpressFiles], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(JSON.parse(output)).toEqual({
    scheduled: true,
    online: { status: 'valid', offline: false, has_file: true },
    online_checked_at: true,
    offline: { status: 'valid', offline: true, has_file: true },
  });
  // Validating left the site active in the store.
  const token = await storeToken(request, 'customer');
  const history = await storeGet<{ licenses: StoreLicence[] }>(
    request,
    token,
    `/history?payment_id=${bundle.paymentId}`,
  );
  expect(history.licenses.find((entry) => entry.license_id === bundle.licence.license_id)?.sites).toContain(
    wordpressUrl,
  );
});

test('the vendor publishes 1.1.0, WordPress offers it and its upgrader installs it', async ({
  page,
  request,
}) => {
  await publishExamplePlugin(request, blocks, '1.1.0');
  await wpSignIn(page);
  await page.goto('/wp-admin/update-core.php?force-check=1');
  const row = page.locator('#update-plugins-table tr', { hasText: 'Example Plugin' });
  await expect(row).toContainText('You have version 1.0.0 installed. Update to 1.1.0.');
  // "View version 1.1.0 details" (plugins_api): the store's changelog.
  const details = await page.context().newPage();
  await details.goto(
    '/wp-admin/plugin-install.php?tab=plugin-information&plugin=example-plugin&section=changelog',
  );
  await expect(details.locator('#section-changelog')).toContainText('Example Plugin 1.1.0.');
  await details.close();
  await row.getByRole('checkbox').check();
  await page.locator('#upgrade-plugins').click();
  const upgrader = page.frameLocator('iframe[title="Update progress"]');
  await expect(upgrader.getByText('All updates have been completed.')).toBeVisible({ timeout: 60_000 });
  await expect(upgrader.getByText(/Example Plugin updated successfully/)).toBeVisible();
  expect(readFileSync(mainFile, 'utf8')).toMatch(/Version:\s+1\.1\.0/);
  await page.goto('/wp-admin/plugins.php');
  await expect(page.locator('tr[data-slug="example-plugin"]')).toContainText('Version 1.1.0');
});

test('Deactivate, with a reason, frees the activation; a request without the nonce changes nothing', async ({
  page,
  request,
}) => {
  await wpSignIn(page);
  const forged = await page.request.post('/wp-admin/admin-post.php', {
    form: { action: 'vendor_licence_example-plugin', licence_action: 'deactivate' },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  await page.goto(screen);
  await expect(status(page)).toContainText('Active');
  await page.getByLabel('Reason for deactivating').selectOption('moving_site');
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Licence deactivated. The activation is free for another site.',
  );
  await expect(status(page)).toContainText('Not activated');

  const token = await storeToken(request, 'customer');
  const history = await storeGet<{ licenses: StoreLicence[] }>(
    request,
    token,
    `/history?payment_id=${bundle.paymentId}`,
  );
  const licence = history.licenses.find((entry) => entry.license_id === bundle.licence.license_id);
  expect(licence?.sites.some((site) => site.includes('127.0.0.1'))).toBe(false);
});

test('with an expired licence WordPress shows the update without a package', async ({ page, request }) => {
  await wpSignIn(page);
  await page.goto(screen);
  await page.getByLabel('Licence key').fill(expiredKey);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This licence has expired. Renew it to receive updates again.',
  );
  await expect(status(page)).toContainText('Expired');
  await expectAccessible(page, '.wrap');

  await publishExamplePlugin(request, blocks, '1.2.0');
  await page.goto('/wp-admin/update-core.php?force-check=1');
  await expect(page.locator('#update-plugins-table tr', { hasText: 'Example Plugin' })).toContainText(
    'Update to 1.2.0.',
  );
  await page.goto('/wp-admin/plugins.php');
  const notice = page.locator('#example-plugin-update');
  await expect(notice).toContainText('There is a new version of Example Plugin available.');
  await expect(notice).toContainText('Automatic update is unavailable for this plugin.');
  expect(readFileSync(mainFile, 'utf8')).toMatch(/Version:\s+1\.1\.0/);
});

test('with the beta opt-in ticked WordPress offers the beta release, unticked the stable one', async ({
  page,
  request,
}) => {
  await publishExamplePlugin(request, blocks, '1.3.0-beta.1', 'beta');
  await wpSignIn(page);
  const offered = async () => {
    await page.goto('/wp-admin/update-core.php?force-check=1');
    return page.locator('#update-plugins-table tr', { hasText: 'Example Plugin' });
  };
  const beta = page.getByLabel('Receive beta releases on this site');
  const betaOption = () => wpPhp<{ beta: boolean }>('option', 'vendor_licence_example-plugin').beta;
  const saveBeta = async (on: boolean) => {
    await page.goto(screen);
    await beta.setChecked(on);
    await page.getByRole('button', { name: 'Save update preference' }).click();
    await expect(page.getByRole('status')).toHaveText('Update preference saved.');
    await (on ? expect(beta).toBeChecked() : expect(beta).not.toBeChecked());
    expect(betaOption()).toBe(on);
  };

  // Not opted in: the beta exists, and the stable 1.2.0 is what WordPress offers.
  expect(betaOption()).toBe(false);
  await expect(await offered()).toContainText('Update to 1.2.0.');

  await saveBeta(true);
  await expectAccessible(page, '.wrap');
  await expect(await offered()).toContainText('Update to 1.3.0-beta.1.');
  const transient = () =>
    wpPhp<{ response: Record<string, { new_version: string }> }>('option', '_site_transient_update_plugins')
      .response['example-plugin/example-plugin.php']?.new_version;
  expect(transient()).toBe('1.3.0-beta.1');

  await saveBeta(false);
  await expect(await offered()).toContainText('Update to 1.2.0.');
  expect(transient()).toBe('1.2.0');
});
