import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The addresses playwright.wordpress.config.ts gives the store and the WordPress site. */
const port = Number(process.env.E2E_PORT ?? 18_181);
export const storeUrl = `http://127.0.0.1:${port}`;
export const wordpressUrl = `http://127.0.0.1:${port + 1}`;
/** serve.sh's folder (WP_WORK_DIR): the site's files are in `site/`. */
export const wordpressWorkDir = join(tmpdir(), `vendor-wordpress-${port + 1}`);
export const wordpressFiles = join(wordpressWorkDir, 'site');

/** Signs in to wp-admin as a user install.php made: the administrator unless told. */
export async function wpSignIn(page: Page, user: 'admin' | 'subscriber' = 'admin'): Promise<void> {
  await page.goto('/wp-login.php');
  await page.locator('#user_login').fill(user);
  await page.locator('#user_pass').fill(`${user}-password`);
  await page.locator('#wp-submit').click();
  await expect(page.locator('#wpadminbar')).toBeVisible();
}

/** Runs a command of test/wordpress/wp.php inside the test site with php-cli; answers its JSON. */
export function wpPhp<T>(command: 'option' | 'nonce' | 'uninstall', ...args: string[]): T {
  const output = execFileSync(
    'php',
    [join(import.meta.dirname, '../wp.php'), wordpressFiles, command, ...args],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return JSON.parse(output) as T;
}

/** The URLs a page loads while it opens and settles. */
export async function requestsOf(page: Page, path: string): Promise<string[]> {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return urls;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe on what our plugins print (one selector, shadow roots included): the admin chrome and the theme
 * around it are WordPress's own (its skip links sit outside landmarks), not ours to judge.
 */
export async function expectAccessible(page: Page, selector: string): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (target) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Element) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const root = document.querySelector(target);
    if (!root) throw new Error(`no ${target}`);
    return (await axe.run(root)).violations.map(
      (v) => `${v.id} at ${JSON.stringify(v.nodes.map((n) => n.target))}`,
    );
  }, selector);
  expect(violations, selector).toEqual([]);
}
