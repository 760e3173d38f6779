import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * What the README promises after `npm ci && npm start` is there: every page of the running server it
 * links to (http://localhost:8080/…) answers on the server this suite starts, which was built by the
 * same `npm run build` that `npm start` runs.
 */
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const promised = [
  ...new Set(
    [...readme.matchAll(/http:\/\/localhost:8080(\/[^\s)`"<>]*)/g)].flatMap((m) => (m[1] ? [m[1]] : [])),
  ),
];

/** Every command `npm start` runs, following `npm run <script>` through package.json's scripts. */
function commandsOf(script: string, scripts: Record<string, string>): string[] {
  const command = scripts[script] ?? '';
  const nested = [...command.matchAll(/npm run ([\w:-]+)/g)].flatMap((m) => (m[1] ? [m[1]] : []));
  return [command, ...nested.flatMap((name) => commandsOf(name, scripts))];
}

test('npm start itself builds the docs site it serves at /docs/ (not only npm test)', () => {
  const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(commandsOf('start', scripts).join('\n')).toMatch(/storybook build -o dist\/docs/);
});

test('the README links at least the portal, the docs and the demo pages', () => {
  expect(promised).toEqual(
    expect.arrayContaining(['/docs/', '/demo/', '/demo/themes/', '/widgets/loader.js']),
  );
});

for (const path of promised) {
  test(`README's ${path} is served after the build`, async ({ request }) => {
    // The API root has no page of its own; it is promised as a base for the elements, so ask a public call.
    const response = await request.get(path === '/api/v1' ? '/api/v1/countries' : path);
    expect(response.status(), path).toBe(200);
  });
}

test('/docs/ is the Storybook site with every element', async ({ page }) => {
  await page.goto('/docs/');
  await expect(page).toHaveTitle(/Storybook|Vendor/i);
  const index = await page.request.get('/docs/index.json');
  expect(index.status()).toBe(200);
  const entries = Object.values(
    ((await index.json()) as { entries: Record<string, { title: string }> }).entries,
  );
  expect(entries.length).toBeGreaterThan(14);
});
