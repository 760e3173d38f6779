import { expect, type Page, test } from '@playwright/test';

/** Collects console errors and CSP violations so a test can assert the page stayed clean. */
function watchPage(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { errors };
}

async function newestTitles(page: Page, count: number): Promise<string[]> {
  const response = await page.request.get(`/wp/v2/posts?per_page=${count}&_embed=1`);
  expect(response.ok()).toBe(true);
  const posts = (await response.json()) as { title: { rendered: string } }[];
  return posts.map((post) => post.title.rendered);
}

test('the demo CMS page shows the 3 newest seeded posts in <vendor-news>', async ({ page }) => {
  const watched = watchPage(page);
  await page.goto('/demo/');
  const titles = page.locator('vendor-news .news__title');
  await expect(titles).toHaveCount(3);
  const expected = await newestTitles(page, 3);
  // Titles are rendered as text: compare with the server's titles decoded the same way.
  const decoded = await page.evaluate(
    (html) => html.map((t) => new DOMParser().parseFromString(t, 'text/html').body.textContent?.trim()),
    expected,
  );
  await expect(titles).toHaveText(decoded as string[]);
  expect(watched.errors).toEqual([]);
});

test('two copies of the loader and vendor.js on one page do not throw', async ({ page }) => {
  const watched = watchPage(page);
  await page.goto('/demo/');
  await page.evaluate(async () => {
    // Different URLs are different module instances: each copy runs its own registration code.
    const load = (url: string) => import(url);
    await load('/widgets/loader.js?copy=2');
    await load('/widgets/vendor.js?copy=2');
    await load('/widgets/vendor-news.js?copy=3');
    document.body.append(document.createElement('vendor-news'));
  });
  await expect(page.locator('vendor-news').last().locator('.news__title')).toHaveCount(3);
  expect(watched.errors).toEqual([]);
});

test('an element reserves its space before it is defined', async ({ page }) => {
  await page.route('**/widgets/vendor-news.js*', () => {
    // Never answer: the element stays undefined.
  });
  await page.route('**/widgets/chunks/**', () => {});
  await page.goto('/demo/');
  const height = await page
    .locator('vendor-news')
    .first()
    .evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeGreaterThanOrEqual(300);
});
