import { fixture, html } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newsPosts } from '../../test/fixtures/news';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { shadow, until } from '../../test/helpers/dom';
import { json, nextApiBase } from '../../test/helpers/fetch-stub';
import './define';

type Reply = () => Response | Promise<Response>;

const requests: string[] = [];
let reply: Reply;

/** Each test gets its own api-base: the page keeps one news store per API, as it would in production. */
async function mount(apiBase = nextApiBase('news-fixture')): Promise<HTMLElement> {
  return fixture<HTMLElement>(html`<vendor-news api-base=${apiBase}></vendor-news>`);
}

let consoleErrors: unknown[][];

beforeEach(() => {
  requests.length = 0;
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    requests.push(input instanceof Request ? input.url : String(input));
    return reply();
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('<vendor-news>', () => {
  it('is a real custom element with an open shadow root', async () => {
    reply = () => json(newsPosts, 200, { 'X-WP-Total': '3', 'X-WP-TotalPages': '1' });
    const element = await mount();
    expect(customElements.get('vendor-news')).toBeDefined();
    expect(element.shadowRoot).not.toBeNull();
  });

  it('shows a skeleton first, then the 3 posts newest first', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    reply = async () => {
      await gate;
      return json(newsPosts, 200, { 'X-WP-Total': '3', 'X-WP-TotalPages': '1' });
    };
    const element = await mount();
    const root = shadow(element);
    await until(() => root.querySelector('[data-state="loading"]'));
    expect(root.querySelectorAll('.news__post--skeleton')).toHaveLength(3);
    expect(root.querySelector('section')?.getAttribute('aria-busy')).toBe('true');

    release();
    await until(() => root.querySelector('.news__post:not(.news__post--skeleton)'));
    const titles = [...root.querySelectorAll('.news__title')].map((node) => node.textContent);
    expect(titles).toEqual([
      'Blocks plugin 3.0 & a new editor',
      'The agency bundle now has 9 plugins',
      'Scheduling plugin: recurring events',
    ]);
    expect(root.textContent).toContain('Latest News');
    expect(root.textContent).toContain('November 20, 2026');
  });

  it('asks for 3 posts with embedded media from its api-base', async () => {
    reply = () => json(newsPosts, 200, { 'X-WP-Total': '3', 'X-WP-TotalPages': '1' });
    const element = await mount('/custom-base/api/v1');
    await until(() => shadow(element).querySelector('.news__title'));
    expect(requests).toHaveLength(1);
    const url = new URL(requests[0] ?? '', location.href);
    expect(url.pathname).toBe('/custom-base/api/v1/wp/v2/posts');
    expect(url.searchParams.get('per_page')).toBe('3');
    expect(url.searchParams.get('_embed')).toBe('1');
  });

  it('renders excerpts as text and never a javascript: link', async () => {
    reply = () => json(newsPosts, 200, { 'X-WP-Total': '3', 'X-WP-TotalPages': '1' });
    const root = shadow(await mount());
    await until(() => root.querySelector('.news__title'));
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('strong')).toBeNull();
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs.some((href) => href?.startsWith('javascript:'))).toBe(false);
    expect(root.querySelectorAll('.news__title a')).toHaveLength(2);
  });

  it("shows 'Get latest news failed' when the posts fail, and asks again only on Try again", async () => {
    reply = () => json({ code: 'service_unavailable', message: 'busy' }, 503);
    const root = shadow(await mount());
    const alert = await until(() => root.querySelector('[role="alert"]'));
    expect(alert.textContent).toBe('Get latest news failed');
    // A failed load stays failed: nothing is sent again by itself.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests).toHaveLength(1);
    reply = () => json(newsPosts, 200, { 'X-WP-Total': '3', 'X-WP-TotalPages': '1' });
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Try again')?.click();
    await until(() => root.querySelectorAll('.news__post').length === 3);
    expect(requests).toHaveLength(2);
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });

  it("says 'Something went wrong, please try again later.' for a 500 internal_server_error (spec §8)", async () => {
    reply = () => json({ code: 'internal_server_error', message: 'boom' }, 500);
    const root = shadow(await mount());
    const alert = await until(() => root.querySelector('[role="alert"]'));
    expect(alert.textContent).toBe('Something went wrong, please try again later.');
  });

  it("pages through every post from 'Browse All Posts'", async () => {
    reply = () => json(newsPosts, 200, { 'X-WP-Total': '5', 'X-WP-TotalPages': '2' });
    const root = shadow(await mount());
    const browse = await until(() =>
      [...root.querySelectorAll('button')].find((b) => b.textContent === 'Browse All Posts'),
    );
    reply = () => json(newsPosts.slice(0, 2), 200, { 'X-WP-Total': '5', 'X-WP-TotalPages': '2' });
    browse.click();
    await until(() => root.textContent?.includes('Page 2 of 2'));
    expect(new URL(requests.at(-1) ?? '', location.href).searchParams.get('page')).toBe('2');
    await until(() => root.querySelectorAll('.news__post:not(.news__post--skeleton)').length === 2);
  });

  it('links Browse All Posts to browse-url when given', async () => {
    reply = () => json(newsPosts, 200, { 'X-WP-Total': '3', 'X-WP-TotalPages': '1' });
    const element = await fixture<HTMLElement>(
      html`<vendor-news api-base=${nextApiBase('news-fixture')} browse-url="https://vendor.example/blog/"></vendor-news>`,
    );
    const link = await until(() => shadow(element).querySelector('a[part="browse"]'));
    expect(link.textContent).toBe('Browse All Posts');
    expect(link.getAttribute('href')).toBe('https://vendor.example/blog/');
  });

  it('dispatches no error to the console and passes axe, light and dark', async () => {
    reply = () => json(newsPosts, 200, { 'X-WP-Total': '3', 'X-WP-TotalPages': '1' });
    const element = await mount();
    await until(() => shadow(element).querySelector('.news__title'));
    await expectNoAxeViolations(element);
    element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(element);
    expect(consoleErrors).toEqual([]);
  });
});
