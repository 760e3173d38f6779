import { expect, test } from '@playwright/test';
import { signInAs } from './support/session';

test.describe('company reports and the shop manager orders', () => {
  test('a company account switches profiles, sees the report change and exports the CSV', async ({
    page,
  }) => {
    await signInAs(page, 'company');
    await page.goto('/user/dashboard');
    const reports = page.locator('vendor-portal vendor-reports');
    const activeSites = reports.locator('.reports__body').first();
    await expect(activeSites).toContainText('Active sites');
    const before = await activeSites.innerText();

    const switcher = reports.getByLabel('Company profile');
    await expect(switcher).toHaveValue(/\d+/);
    const options = await switcher.locator('option').allTextContents();
    expect(options).toEqual(['Acme Agency', 'Globex Studio']);
    await switcher.selectOption({ label: 'Globex Studio' });
    await expect.poll(async () => activeSites.innerText()).not.toBe(before);

    // Globex grants no export; back on Acme the CSV comes as export.csv with quoted, escaped cells.
    await switcher.selectOption({ label: 'Acme Agency' });
    const exportButton = reports.getByRole('button', { name: 'Export CSV' });
    await expect(exportButton).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toBe('export.csv');
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile(path, 'utf8');
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toContain('"Site URL"');
    // Its rows are the report's sites.
    const token = (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '';
    const report = await page.request.post('/api/v1/reports/dashboard', { headers: { 'X-WP-Nonce': token } });
    const { siteList } = (await report.json()) as { siteList: { url: string }[] };
    const csvUrls = rows.slice(1).map((row) => row.split('","')[0]?.replace(/^"/, '').replace(/^'/, ''));
    expect(csvUrls.sort()).toEqual(siteList.map((site) => site.url).sort());
    // No cell may start a formula when opened in a spreadsheet.
    for (const row of rows)
      for (const cell of row.split('","')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
    await expect(page.locator('vendor-portal')).toContainText('CSV exported successfully');
  });

  test('the super-admin sees the separate report on the admin dashboard', async ({ page }) => {
    await signInAs(page, 'superAdmin');
    await page.goto('/user/admin_user/dashboard');
    const reports = page.locator('vendor-portal vendor-reports');
    await expect(reports.locator('.reports__card').first()).toBeVisible();
  });

  test('a manager searches orders', async ({ page }) => {
    await signInAs(page, 'manager');
    await page.goto('/user/manage');
    const manager = page.locator('vendor-portal vendor-manager');
    await manager.getByRole('tab', { name: 'Orders' }).click();
    const search = manager.getByLabel('Search orders');
    await search.fill('no-such-order-anywhere');
    await search.press('Enter');
    await expect(manager).toContainText('No orders found');
    await search.fill('customer@example.com');
    await search.press('Enter');
    await expect(manager.locator('tbody tr').first()).toContainText('customer@example.com');
  });
});
