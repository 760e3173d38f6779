import { expect, type Page, test } from '@playwright/test';
import { demoAccounts, expectNoAxeViolations, signInAs } from './support/session';

const sidebarNames = (page: Page) => page.locator('vendor-portal nav[aria-label="Account"] .sidebar__label');

test.describe('the portal shell', () => {
  test('a signed-out visitor of a protected page lands on sign-in carrying the place to return to', async ({
    page,
  }) => {
    await page.goto('/user/my-tickets');
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Fuser%2Fmy-tickets$/);
  });

  test('a deep link survives signing in: sign-in returns to the page asked for', async ({ page }) => {
    await page.goto('/user/my-tickets');
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=/);
    await page.getByLabel('Email').fill(demoAccounts.customer.username);
    await page.getByLabel('Password').fill(demoAccounts.customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/user\/my-tickets$/);
    await expect(page.locator('vendor-portal h1')).toHaveText('My Tickets');
  });

  test('a theme set on <vendor-portal> reaches the elements it renders', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/user/dashboard');
    await page.locator('vendor-portal').evaluate((portal: HTMLElement) => {
      portal.style.setProperty('--vendor-color-primary', 'rgb(1, 2, 3)');
    });
    const news = page.locator('vendor-portal vendor-news');
    await expect(news).toBeAttached();
    const primary = await news.evaluate((element) =>
      getComputedStyle(element).getPropertyValue('--vendor-color-primary').trim(),
    );
    expect(primary).toBe('rgb(1, 2, 3)');
  });

  test('signing out on the page that signed in stays on sign-in', async ({ page }) => {
    await page.goto('/auth/sign-in');
    await page.getByLabel('Email').fill(demoAccounts.customer.username);
    await page.getByLabel('Password').fill(demoAccounts.customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/user/dashboard');
    await page
      .locator('vendor-portal nav[aria-label="Account"]')
      .getByRole('button', { name: 'Logout' })
      .click();
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(page.getByLabel('Email')).toBeVisible();
    // Still there once anything the sign-out set off has settled.
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
  });

  test('the sign-in page passes axe', async ({ page }) => {
    await page.goto('/auth/sign-in');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('anything else at the top level goes to sign-in', async ({ page }) => {
    await page.goto('/auth/nope');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
  });

  test('the customer sidebar holds the customer entries of spec §6', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/user/dashboard');
    await expect(sidebarNames(page)).toHaveText([
      'Dashboard',
      'Downloads',
      'Subscriptions',
      'Purchase History',
      'My Tickets',
      'Affiliate',
      'Profile',
      'Logout',
    ]);
    await expect(page.locator('vendor-portal .sidebar__entry[aria-current="page"]')).toHaveText('Dashboard');
    await expect(page.locator('vendor-portal')).toContainText('Join with 6 million+ happy users');
    await expect(page.locator('vendor-portal').getByRole('link', { name: 'Visit Group' })).toBeVisible();
  });

  test('a shop manager sees the manager entry and no customer-only entries', async ({ page }) => {
    await signInAs(page, 'manager');
    await page.goto('/user/dashboard');
    await expect(sidebarNames(page)).toHaveText([
      'Dashboard',
      'My Tickets',
      'Affiliate',
      'Profile',
      'Shop Manager',
      'Logout',
    ]);
  });

  test('an admin sees every entry but the admin dashboard, which is for the super-admin', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    await page.goto('/user/dashboard');
    // One Dashboard: the super-admin's would only lead an admin back to this one (issue #23).
    await expect(sidebarNames(page)).toHaveText([
      'Dashboard',
      'Downloads',
      'Subscriptions',
      'Purchase History',
      'My Tickets',
      'Affiliate',
      'Profile',
      'Shop Manager',
      'Logout',
    ]);
  });

  test('a customer at /user/manage lands on the dashboard', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/user/manage');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('a super-admin at an unknown admin section lands on the admin dashboard', async ({ page }) => {
    await signInAs(page, 'superAdmin');
    await page.goto('/user/admin_user/nope');
    await expect(page).toHaveURL(/\/user\/admin_user\/dashboard$/);
    await expect(sidebarNames(page)).toHaveText(['Dashboard', 'Shop Manager', 'Logout']);
  });

  test('the signed-in auth shell sends the user home', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/auth/sign-in');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('the header becomes sticky past 300px and the dropdown reads the spec label', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signInAs(page, 'customer');
    await page.goto('/user/dashboard');
    const header = page.locator('vendor-portal header.header');
    await expect(header).toHaveAttribute('data-state', 'static');
    await expect(page.locator('vendor-portal vendor-news .news__title')).toHaveCount(3);
    await page.evaluate(() => window.scrollTo(0, 400));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(header).toHaveAttribute('data-state', 'sticky');
    await page.locator('vendor-portal .header__trigger').click();
    await expect(page.locator('vendor-portal .header__label')).toContainText('Your are logged in as');
    await expect(page.locator('vendor-portal .header__dropdown')).toContainText('Profile');
    await expect(page.locator('vendor-portal .header__dropdown')).toContainText('Logout');
    await expect(page.locator('vendor-portal .header__dropdown')).not.toContainText('Switch Back');
    await page.keyboard.press('Escape');
    await expect(page.locator('vendor-portal .header__dropdown')).toBeHidden();
  });

  test('sidebar links route without a page load, move focus to the page heading and retitle the tab', async ({
    page,
  }) => {
    await signInAs(page, 'customer');
    await page.goto('/user/dashboard');
    await expect(page).toHaveTitle('Dashboard · Vendor Account');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.locator('vendor-portal .sidebar__entry', { hasText: 'Profile' }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    await expect(page.locator('vendor-portal h1')).toHaveText('Profile');
    await expect(page.locator('vendor-portal h1')).toBeFocused();
    await expect(page).toHaveTitle('Profile · Vendor Account');
  });

  test('sign-out clears access_token and returns to sign-in', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/user/dashboard');
    await page.locator('vendor-portal .sidebar__signout').click();
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('the company form creates a company and goes home; a visitor is asked to sign in first', async ({
    page,
  }) => {
    await page.goto('/auth/create-company-form');
    await expect(page.locator('vendor-portal').getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth/sign-in?redirect=%2Fauth%2Fcreate-company-form',
    );
    await signInAs(page, 'affiliate');
    await page.goto('/auth/create-company-form');
    const form = page.locator('vendor-portal form.company-form');
    await form.getByRole('button', { name: 'Create Company' }).click();
    await expect(form).toContainText('Company name is required');
    await form.getByLabel('Company name').fill('Northwind Plugins');
    await form.getByRole('button', { name: 'Create Company' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.locator('vendor-portal')).toContainText('Company created successfully');
  });

  test('the dashboard greets the user, shows the copyright range and passes axe', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/user/dashboard');
    await expect(page.locator('vendor-portal')).toContainText('Welcome back, ');
    await expect(page.locator('vendor-portal footer')).toContainText(`2011–${new Date().getFullYear()}`);
    await expect(page.locator('vendor-portal vendor-news .news__title')).toHaveCount(3);
    await expectNoAxeViolations(page);
  });

  test('the dashboard loads without layout shift', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/user/dashboard');
    await expect(page.locator('vendor-portal vendor-news .news__title')).toHaveCount(3);
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
  });

  test('every customer page of the portal passes axe', async ({ page }) => {
    await signInAs(page, 'customer');
    for (const path of [
      '/user/download',
      '/user/my-products',
      '/user/subscription',
      '/user/purchase-history',
      '/user/my-tickets',
      '/user/affiliate',
      '/user/profile',
    ]) {
      await page.goto(path);
      await expect(page.locator('vendor-portal h1')).toBeVisible();
      // Let the page's element replace its skeleton before checking.
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    }
  });
});
