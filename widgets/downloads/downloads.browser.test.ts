import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { bundle, downloadItem } from '../../test/fixtures/licences';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { buttonByText, shadow, until } from '../../test/helpers/dom';
import { type Handler, json, nextApiBase, stubApi, zip } from '../../test/helpers/fetch-stub';
import './define';

let fetchSpy: MockInstance<typeof fetch>;
let consoleErrors: unknown[][];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  fixtureCleanup();
  vi.restoreAllMocks();
});

const pro = [
  downloadItem('Addons Plugin', 4372),
  { ...downloadItem('Agency Bundle', 474227), downloads: bundle.downloads },
];

async function mount(attributes: string, routes: Record<string, Handler>) {
  const requests = stubApi(fetchSpy, routes);
  const element = await fixture<HTMLElement>(
    `<vendor-downloads api-base="${nextApiBase('downloads')}" ${attributes}></vendor-downloads>`,
  );
  return { element, root: shadow(element), requests };
}

const savedName = () =>
  (vi.mocked(HTMLAnchorElement.prototype.click).mock.contexts.at(-1) as HTMLAnchorElement | undefined)
    ?.download;

describe('<vendor-downloads>', () => {
  it("lists 'PRO Downloads' with bundles nested, and the 12 'Free Downloads'", async () => {
    const { root } = await mount('', { 'GET /downloads': () => json(pro) });
    await until(() => root.textContent?.includes('Addons Plugin'));
    const headings = [...root.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings).toEqual(['PRO Downloads', 'Free Downloads']);
    expect(root.textContent).toContain('Starter Child Theme');
    const cards = [...root.querySelectorAll('[part="free-item"]')];
    expect(cards).toHaveLength(12);
    expect(cards.filter((card) => card.textContent?.includes('Theme'))).toHaveLength(1);
    expect(cards.filter((card) => card.textContent?.includes('Plugin'))).toHaveLength(11);
    const first = cards[0];
    expect(first?.textContent).toContain('Starter Theme');
    expect(first?.textContent).toContain('starter-theme');
    expect(first?.querySelector('img')?.getAttribute('src')).toMatch(/\/assets\/free\/starter-theme\.png$/);
    expect(first?.querySelector('a')?.getAttribute('href')).toMatch(
      /\/downloads-\d+\/api\/v1\/downloads\/free\/starter-theme\.zip$/,
    );
  });

  it('downloads a PRO file as a blob under its name, one request per click', async () => {
    const { root, requests } = await mount('', {
      'GET /downloads': () => json(pro),
      'POST /downloads': () => zip('addons-plugin.zip', 300_000),
    });
    const button = await until(() => buttonByText(root, 'Download'));
    button.click();
    button.click();
    await until(() => savedName() === 'addons-plugin.zip');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      download_name: 'Addons Plugin',
      download_id: 4372,
      download_key: 'key-4372',
      token: 'token-4372',
    });
  });

  it('shows a progress bar while a file comes in', async () => {
    let finish: (value: Uint8Array) => void = () => {};
    const { root } = await mount('', {
      'GET /downloads': () => json(pro),
      'POST /downloads': () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new Uint8Array(1000));
              finish = (chunk) => {
                controller.enqueue(chunk);
                controller.close();
              };
            },
          }),
          {
            headers: {
              'Content-Length': '2000',
              'Content-Disposition': 'attachment; filename="addons-plugin.zip"',
            },
          },
        ),
    });
    (await until(() => buttonByText(root, 'Download'))).click();
    const bar = await until(() => root.querySelector<HTMLProgressElement>('progress[value="1000"]'));
    expect(bar.max).toBe(2000);
    finish(new Uint8Array(1000));
    await until(() => !root.querySelector('progress'));
    expect(savedName()).toBe('addons-plugin.zip');
  });

  it("shows 'There have no download product available.', 'Failed to get downloads' and 'Failed to download'", async () => {
    const empty = await mount('', { 'GET /downloads': () => json([]) });
    await until(() => empty.root.textContent?.includes('There have no download product available.'));
    fixtureCleanup();
    const failed = await mount('', { 'GET /downloads': () => json({}, 500) });
    expect((await until(() => failed.root.querySelector('[role="alert"]'))).textContent).toBe(
      'Failed to get downloads',
    );
    fixtureCleanup();
    const broken = await mount('', {
      'GET /downloads': () => json(pro),
      'POST /downloads': () => json({ code: 'not_found' }, 404),
    });
    (await until(() => buttonByText(broken.root, 'Download'))).click();
    expect((await until(() => broken.root.querySelector('[role="alert"]'))).textContent).toBe(
      'Failed to download',
    );
  });

  it("says spec §8's text when the file is answered 500 internal_server_error", async () => {
    const { root } = await mount('', {
      'GET /downloads': () => json(pro),
      'POST /downloads': () =>
        json({ code: 'internal_server_error', message: 'Boom', data: null, status: 'error' }, 500),
    });
    (await until(() => buttonByText(root, 'Download'))).click();
    expect((await until(() => root.querySelector('[role="alert"]'))).textContent).toBe(
      'Something went wrong, please try again later.',
    );
  });

  it('passes axe in light and dark with no console error', async () => {
    const { element, root } = await mount('', { 'GET /downloads': () => json(pro) });
    await until(() => root.textContent?.includes('Addons Plugin'));
    await expectNoAxeViolations(element);
    element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(element);
    expect(consoleErrors).toEqual([]);
  });
});

describe('<vendor-downloads view="landing">', () => {
  it("starts the download at once: 'Downloading...', then 'Download', with a sign-in button", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { root, requests } = await mount(
      'view="landing" signature="sig.mac" download-name="Blocks Plugin"',
      {
        'POST /downloads/landing': async () => {
          await gate;
          return zip('blocks-plugin.zip');
        },
      },
    );
    await until(() => root.querySelector('h2')?.textContent === 'Downloading...');
    expect(root.textContent).toContain('Your download will start shortly.');
    expect([...root.querySelectorAll('a')].map((a) => a.textContent)).toContain('Sign In');
    release();
    await until(() => root.querySelector('h2')?.textContent === 'Download');
    expect(savedName()).toBe('blocks-plugin.zip');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({ body: { signature: 'sig.mac', download_name: 'Blocks Plugin' } }),
    ]);
    await expectNoAxeViolations(root);
  });

  it("says 'Failed to download' for a refused signature", async () => {
    const { root } = await mount('view="landing" signature="tampered" download-name="Blocks Plugin"', {
      'POST /downloads/landing': () => json({ code: 'invalid_signature', message: 'no' }, 403),
    });
    expect((await until(() => root.querySelector('[role="alert"]'))).textContent).toBe('Failed to download');
  });

  it('offers Try again after a 500, which fetches the file', async () => {
    let failing = true;
    const { root, requests } = await mount(
      'view="landing" signature="sig.mac" download-name="Blocks Plugin"',
      {
        'POST /downloads/landing': () =>
          failing
            ? json({ code: 'internal_server_error', message: 'x', data: null }, 500)
            : zip('blocks-plugin.zip'),
      },
    );
    expect((await until(() => root.querySelector('[role="alert"]'))).textContent).toBe(
      'Something went wrong, please try again later.',
    );
    const retry = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Try again');
    expect(retry).toBeDefined();
    failing = false;
    retry?.click();
    await until(() => savedName() === 'blocks-plugin.zip');
    expect(root.querySelector('[role="alert"]')).toBeNull();
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).toContain('Download');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('goes to sign-in when the signature or the name is missing, announcing it first', async () => {
    const paths: string[] = [];
    const listener = (event: Event) => {
      paths.push((event as CustomEvent<{ path: string }>).detail.path);
      event.preventDefault();
    };
    document.addEventListener('vendor-navigate', listener);
    try {
      const { requests } = await mount('view="landing" signature="only-this"', {});
      await until(() => paths.length > 0);
      expect(paths).toEqual(['/auth/sign-in']);
      expect(requests).toEqual([]);
    } finally {
      document.removeEventListener('vendor-navigate', listener);
    }
  });
});
