import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsPostListSchema } from '../shared/schemas/news';
import { newsPosts } from './db/schema';
import { newsCategoryIds } from './seed/news';
import { createTestApp, type TestApp } from './test-support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
});
afterAll(() => t.close());

async function posts(query: string, prefix = '') {
  const response = await t.app.request(`${prefix}/wp/v2/posts${query}`);
  return { response, body: response.ok ? v.parse(NewsPostListSchema, await response.json()) : null };
}

describe('GET /wp/v2/posts', () => {
  it('pages newest first with WordPress totals, at both mount points', async () => {
    for (const prefix of ['', '/api/v1']) {
      const { response, body } = await posts('?per_page=3&page=1', prefix);
      expect(response.status).toBe(200);
      expect(response.headers.get('X-WP-Total')).toBe('5');
      expect(response.headers.get('X-WP-TotalPages')).toBe('2');
      expect(body).toHaveLength(3);
      const dates = body?.map((post) => post.date) ?? [];
      expect([...dates].sort().reverse()).toEqual(dates);
    }
    const second = await posts('?per_page=3&page=2');
    expect(second.body).toHaveLength(2);
  });

  it('embeds featured media only with _embed, as absolute URLs served by this server', async () => {
    const plain = await posts('?per_page=1');
    expect(plain.body?.[0]?._embedded).toBeUndefined();
    const embedded = await posts('?per_page=1&_embed=1');
    const media = embedded.body?.[0]?._embedded?.['wp:featuredmedia']?.[0];
    expect(media?.source_url).toMatch(/^https:\/\/portal\.example\.com\/assets\/news\/.+\.svg$/);
    expect(media?.alt_text).toBeTruthy();
    const image = await t.app.request(new URL(media?.source_url ?? '').pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toContain('image/svg+xml');
  });

  it('filters by category ids', async () => {
    const { response, body } = await posts(`?categories=${newsCategoryIds.tutorials}`);
    expect(response.headers.get('X-WP-Total')).toBe('1');
    expect(body?.[0]?.title.rendered).toContain('Tutorial');
    const either = await posts(`?categories=${newsCategoryIds.tutorials},${newsCategoryIds.company}`);
    expect(either.response.headers.get('X-WP-Total')).toBe('3');
  });

  it('links each post to its page', async () => {
    const { body } = await posts('?per_page=1');
    const link = new URL(body?.[0]?.link ?? '');
    const page = await t.app.request(link.pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(body?.[0]?.title.rendered);
    expect((await t.app.request('/news/no-such-post')).status).toBe(404);
  });

  it("serves each post's link as a readable, styled page with the content sanitized", async () => {
    await t.handle.db.insert(newsPosts).values({
      slug: 'hostile-post',
      title: 'Spring <b>update</b> & <script>alert(1)</script>more',
      excerptHtml: '<p>x</p>',
      contentHtml:
        '<p onclick="alert(1)">Read <a href="javascript:alert(1)">this</a> and <a href="https://example.com/docs">that</a>.</p><script>alert(2)</script><img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
      publishedAt: new Date(Date.now() - 60_000),
    });
    const { body } = await posts('?per_page=10');
    const link = body?.find((post) => post.link.endsWith('/news/hostile-post'))?.link ?? '';
    expect(link).toBe('https://portal.example.com/news/hostile-post');
    const page = await t.app.request(new URL(link).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toContain('text/html');
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<h1>Spring update &amp; more</h1>');
    expect(html).toContain('<a href="https://example.com/docs" rel="noopener noreferrer">that</a>');
    expect(html).toContain('<a href="/user/dashboard">← Back to your account</a>');
    expect(html).toMatch(/<style>[^<]*max-width/);
    for (const hostile of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', 'display:none']) {
      expect(html).not.toContain(hostile);
    }
  });

  it('rejects bad parameters with field messages and a page past the end', async () => {
    const bad = await t.app.request('/wp/v2/posts?per_page=500&categories=abc');
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { code: string; data: { fields: Record<string, string> } };
    expect(body.code).toBe('validation_error');
    expect(Object.keys(body.data.fields).sort()).toEqual(['categories', 'per_page']);
    const past = await t.app.request('/wp/v2/posts?per_page=3&page=9');
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ code: 'rest_post_invalid_page_number' });
  });
});
