import { expect, type Page } from '@playwright/test';

/** The addresses playwright.wordpress.config.ts gives the store and the WordPress site. */
const port = Number(process.env.E2E_PORT ?? 18_181);
export const storeUrl = `http://127.0.0.1:${port}`;
export const wordpressUrl = `http://127.0.0.1:${port + 1}`;

/** Signs in to wp-admin as the administrator install.php made. */
export async function wpSignIn(page: Page): Promise<void> {
  await page.goto('/wp-login.php');
  await page.locator('#user_login').fill('admin');
  await page.locator('#user_pass').fill('admin-password');
  await page.locator('#wp-submit').click();
  await expect(page.locator('#wpadminbar')).toBeVisible();
}

/** The URLs a page loads while it opens and settles. */
export async function requestsOf(page: Page, path: string): Promise<string[]> {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return urls;
}
