import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

/** The seeded demo accounts of server/README.md. */
export const demoAccounts = {
  customer: { username: 'customer@example.com', password: 'Customer#2026' },
  manager: { username: 'manager@example.com', password: 'Manager#2026' },
  admin: { username: 'admin@example.com', password: 'Admin#2026' },
  superAdmin: { username: 'superadmin@example.com', password: 'SuperAdmin#2026' },
  company: { username: 'company@example.com', password: 'Company#2026' },
  affiliate: { username: 'affiliate@example.com', password: 'Affiliate#2026' },
} as const;

export type DemoAccount = keyof typeof demoAccounts;

/**
 * Signs in through the API and stores the token where the elements look for it (`access_token`), as
 * the sign-in element does, so a test can start on any page already signed in.
 */
export async function signInAs(page: Page, account: DemoAccount): Promise<string> {
  const response = await page.request.post('/api/v1/signin', { data: demoAccounts[account] });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('access_token', value);
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, token);
  return token;
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the whole page, shadow roots included, one line each (rule, help, where). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the page's CSP (no inline scripts) stays as it is.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document);
    return result.violations as { id: string; help: string; nodes: { target: unknown }[] }[];
  });
  return violations.map((v) => `${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

/** Runs axe-core on the whole page, shadow roots included, and fails with the violations it finds. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}
