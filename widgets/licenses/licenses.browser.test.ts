import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { session } from '../../shared/stores/session';
import {
  addons,
  blocks,
  bundle,
  documentation,
  license,
  products,
  purchase,
  upgrades,
} from '../../test/fixtures/licences';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { buttonByText, linkByText, shadow, tableRows, until } from '../../test/helpers/dom';
import { type Handler, json, nextApiBase, stubApi, zip } from '../../test/helpers/fetch-stub';
import './define';

let fetchSpy: MockInstance<typeof fetch>;
let consoleErrors: unknown[][];

beforeEach(() => {
  // The element shows its products to a signed-in visitor only.
  session.setToken('test-session-token');
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  // Saving a file clicks a temporary link; the test browser must not navigate or open anything.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  // One element at a time: the page's toasts show in the first element mounted.
  fixtureCleanup();
  vi.restoreAllMocks();
});

const productsReply: Handler = () => json(products, 200, { 'X-WP-Total': '4', 'X-WP-TotalPages': '1' });

async function mount(attributes: string, routes: Record<string, Handler>) {
  const requests = stubApi(fetchSpy, routes);
  const apiBase = nextApiBase('licences');
  // A string fixture, so the attributes are there before the element first renders and loads.
  const element = await fixture<HTMLElement>(
    `<vendor-licenses api-base="${apiBase}" ${attributes}></vendor-licenses>`,
  );
  return { element, root: shadow(element), requests };
}

function rowOf(root: ShadowRoot, name: string): HTMLTableRowElement {
  const row = [...root.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(name));
  if (!row) throw new Error(`no row ${name}`);
  return row as HTMLTableRowElement;
}

describe('<vendor-licenses> My Products', () => {
  it('shows skeleton rows, then every product with key, status, count/limit and expiry', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { root, requests } = await mount('', {
      'GET /products': async (r) => {
        await gate;
        return productsReply(r);
      },
    });
    await until(() => root.querySelector('[data-skeleton]'));
    expect(root.querySelector('[data-state="loading"]')).not.toBeNull();
    release();
    await until(() => root.textContent?.includes('Agency Bundle'));
    expect(root.querySelector('h2')?.textContent).toBe('My Products');
    expect(requests.filter((r) => r.path === '/products')).toHaveLength(1);
    expect(requests[0]?.query.get('per_page')).toBe('20');
    expect(requests[0]?.query.get('page')).toBe('1');
    const addonsRow = rowOf(root, 'Addons Plugin').textContent ?? '';
    expect(addonsRow).toContain('licence-key-1');
    expect(addonsRow).toContain('1/1');
    expect(addonsRow).toContain('January 15, 2027');
    expect(rowOf(root, 'Documentation Plugin').textContent).toContain('2/Unlimited');
    expect(rowOf(root, 'Documentation Plugin').textContent).toContain('Never');
  });

  it('gives each row exactly one of Renew License, View Upgrades or a disabled No Upgrades', async () => {
    const { root } = await mount('', { 'GET /products': productsReply });
    await until(() => root.textContent?.includes('Blocks Plugin'));
    const labels = (name: string) =>
      [...rowOf(root, name).querySelectorAll('a, button')].map((node) => node.textContent?.trim());
    const pick = (name: string) =>
      labels(name).filter((label) => ['Renew License', 'View Upgrades', 'No Upgrades'].includes(label ?? ''));
    expect(pick('Blocks Plugin')).toEqual(['Renew License']);
    expect(pick('Addons Plugin')).toEqual(['View Upgrades']);
    expect(pick('Documentation Plugin')).toEqual(['No Upgrades']);
    expect(buttonByText(rowOf(root, 'Documentation Plugin'), 'No Upgrades')?.disabled).toBe(true);
    for (const name of ['Blocks Plugin', 'Addons Plugin']) {
      expect(labels(name)).toEqual(expect.arrayContaining(['Download', 'Manage Sites']));
    }
    const renew = linkByText(rowOf(root, 'Blocks Plugin'), 'Renew License');
    expect(renew?.getAttribute('href')).toBe(blocks.license.renewal_link);
    expect(renew?.getAttribute('href')).toContain(
      '/checkout?action=renew&license=licence-key-4&download_id=1677666&price_id=1',
    );
  });

  it('announces the renewal with a cancelable vendor-navigate, and the host may take it over', async () => {
    const { element, root } = await mount('', { 'GET /products': productsReply });
    const renew = await until(() => linkByText(root, 'Renew License'));
    const paths: string[] = [];
    element.addEventListener('vendor-navigate', (event) => {
      paths.push((event as CustomEvent<{ path: string }>).detail.path);
      event.preventDefault();
    });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
    renew.dispatchEvent(click);
    expect(paths).toEqual(['/checkout?action=renew&license=licence-key-4&download_id=1677666&price_id=1']);
    expect(click.defaultPrevented).toBe(true);
  });

  it("copies a key with 'License key copied' and tells the page", async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const { element, root } = await mount('', { 'GET /products': productsReply });
    await until(() => root.textContent?.includes('Addons Plugin'));
    const copied = new Promise<CustomEvent>((resolve) =>
      element.addEventListener('vendor-licence-copied', (event) => resolve(event as CustomEvent), {
        once: true,
      }),
    );
    const copy = rowOf(root, 'Addons Plugin').querySelector<HTMLButtonElement>('.ui-copy button');
    copy?.click();
    expect((await copied).detail).toEqual({ license_id: 1, license_key: 'licence-key-1' });
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('licence-key-1');
    await until(() => rowOf(root, 'Addons Plugin').textContent?.includes('License key copied'));
  });

  it('downloads a product as a blob with its file name, sending the item fields once', async () => {
    const { root, requests } = await mount('', {
      'GET /products': productsReply,
      'POST /downloads': () => zip('addons-plugin.zip'),
    });
    await until(() => root.textContent?.includes('Addons Plugin'));
    const button = buttonByText(rowOf(root, 'Addons Plugin'), 'Download');
    button?.click();
    button?.click();
    await until(() => vi.mocked(HTMLAnchorElement.prototype.click).mock.calls.length > 0);
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    const { file_name: _file, landing_url: _landing, ...fields } = addons.downloads[0] ?? {};
    expect(posts[0]?.body).toEqual(fields);
    const saved = vi.mocked(HTMLAnchorElement.prototype.click).mock.contexts[0] as HTMLAnchorElement;
    expect(saved.download).toBe('addons-plugin.zip');
  });

  it('shows the file in flight in its row and holds every other Download until it has arrived', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { root } = await mount('', {
      'GET /products': productsReply,
      'POST /downloads': async () => {
        await gate;
        return zip('addons-plugin.zip');
      },
    });
    await until(() => root.textContent?.includes('Blocks'));
    const others = () => [
      ...root.querySelectorAll<HTMLButtonElement>('tbody button[aria-label^="Download "]'),
    ];
    expect(others().every((button) => !button.disabled)).toBe(true);
    buttonByText(rowOf(root, 'Addons Plugin'), 'Download')?.click();
    // The downloads code arrives with this first click; then every row follows the file in flight.
    await until(() => rowOf(root, 'Addons Plugin').querySelector('progress') !== null);
    expect(buttonByText(rowOf(root, 'Addons Plugin'), 'Download')?.getAttribute('data-state')).toBe(
      'loading',
    );
    const waiting = others().filter((button) => !rowOf(root, 'Addons Plugin').contains(button));
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((button) => button.disabled)).toBe(true);
    release();
    await until(() => vi.mocked(HTMLAnchorElement.prototype.click).mock.calls.length > 0);
    await until(() => others().every((button) => !button.disabled));
    expect(rowOf(root, 'Addons Plugin').querySelector('progress')).toBeNull();
  });

  it("shows 'Failed to download' when the file cannot be had", async () => {
    const { root } = await mount('', {
      'GET /products': productsReply,
      'POST /downloads': () => json({ code: 'invalid_signature', message: 'expired' }, 403),
    });
    await until(() => root.textContent?.includes('Addons Plugin'));
    buttonByText(rowOf(root, 'Addons Plugin'), 'Download')?.click();
    await until(() => root.querySelector('.ui-toast')?.textContent?.includes('Failed to download'));
  });

  it('pages 20 at a time with Previous and Next', async () => {
    const { root, requests } = await mount('', {
      'GET /products': () => json(products, 200, { 'X-WP-Total': '25', 'X-WP-TotalPages': '2' }),
    });
    await until(() => root.textContent?.includes('Page 1 of 2'));
    buttonByText(root, 'Next')?.click();
    await until(() => root.textContent?.includes('Page 2 of 2'));
    expect(requests.at(-1)?.query.get('page')).toBe('2');
  });

  it("shows the spec's empty text, and with limit a short list without title", async () => {
    const empty = await mount('', {
      'GET /products': () => json([], 200, { 'X-WP-Total': '0' }),
    });
    await until(() => empty.root.textContent?.includes('No Available Product found in your account.'));
    const dashboard = await mount('limit=3', { 'GET /products': productsReply });
    await until(() => dashboard.root.textContent?.includes('Addons Plugin'));
    expect(dashboard.requests.at(-1)?.query.get('per_page')).toBe('3');
    expect(dashboard.root.querySelector('h2')).toBeNull();
  });
});

describe('<vendor-licenses> bundle modal', () => {
  it("lists the bundle's items, opens nested groups and comes back", async () => {
    const { root } = await mount('', { 'GET /products': productsReply });
    await until(() => root.textContent?.includes('Agency Bundle'));
    buttonByText(rowOf(root, 'Agency Bundle'), 'Download')?.click();
    const dialog = await until(() => root.querySelector('[role="dialog"]'));
    expect(dialog.querySelector('h2')?.textContent).toBe('Download items in Agency Bundle');
    expect(dialog.textContent).toContain('Embed Plugin');
    buttonByText(dialog, 'Show Downloads')?.click();
    await until(() => dialog.textContent?.includes('Starter Child Theme'));
    buttonByText(dialog, 'Back to downloads')?.click();
    await until(() => dialog.textContent?.includes('Embed Plugin'));
    await expectNoAxeViolations(root);
    buttonByText(dialog, 'Close')?.click();
    await until(() => !root.querySelector('[role="dialog"]'));
  });

  it("says 'No downloads found' for an empty bundle", async () => {
    const empty = { ...bundle, downloads: [] };
    const { root } = await mount('', { 'GET /products': () => json([empty], 200, { 'X-WP-Total': '1' }) });
    await until(() => root.textContent?.includes('Agency Bundle'));
    buttonByText(root, 'Download')?.click();
    await until(() => root.querySelector('[role="dialog"]')?.textContent?.includes('No downloads found'));
  });
});

describe('<vendor-licenses view="manage-license">', () => {
  it('tables the licences of the purchase with the Upgrade column of the spec', async () => {
    const { root, requests } = await mount('view=manage-license payment-id=13', {
      'GET /history': () => json(purchase),
    });
    await until(() => root.textContent?.includes('Links Plugin'));
    expect(requests[0]?.query.get('payment_id')).toBe('13');
    expect(root.querySelector('h2')?.textContent).toBe('Manage License');
    // Issue 23: the purchase is named by its order number.
    expect(root.textContent).toContain('Order #1003');
    const headers = [...root.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual([
      'Item',
      'Key',
      'Status',
      'Activations',
      'Expiration',
      'Manage Sites',
      'Upgrade',
    ]);
    const rows = tableRows(root);
    expect(rows[0]?.[6]).toBe('View Upgrade');
    expect(rows[1]?.[6]).toBe('No upgrades');
    expect(rows[2]?.[6]).toBe('Renew license');
    expect(rows[2]?.[4]).toBe('');
    expect(rows[1]?.[3]).toBe('1/Unlimited');
  });

  it('goes to Upgrade License inside the element, announcing /user/upgrade-license?license_id=…', async () => {
    const { element, root } = await mount('view=manage-license payment-id=13', {
      'GET /history': () => json(purchase),
      'GET /upgrades': () => json(upgrades),
    });
    const view = await until(() => buttonByText(root, 'View Upgrade'));
    const paths: string[] = [];
    element.addEventListener('vendor-navigate', (event) => paths.push((event as CustomEvent).detail.path));
    view.click();
    await until(() => root.textContent?.includes('Blocks Plugin – 5 Sites'));
    expect(paths).toEqual(['/user/upgrade-license?license_id=3']);
    buttonByText(root, 'Back')?.click();
    await until(() => root.textContent?.includes('Manage License'));
  });

  it('leaves the move to the host when it cancels vendor-navigate', async () => {
    const { element, root } = await mount('view=manage-license payment-id=13', {
      'GET /history': () => json(purchase),
    });
    const manage = await until(
      () => root.querySelectorAll('tbody button[aria-label^="Manage Sites"]')[1] as HTMLButtonElement,
    );
    element.addEventListener('vendor-navigate', (event) => event.preventDefault());
    manage.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(root.querySelector('h2')?.textContent).toBe('Manage License');
  });

  it("says 'No license found' for a purchase that is not the user's", async () => {
    const { root } = await mount('view=manage-license payment-id=99', {});
    await until(() => root.textContent?.includes('No license found'));
  });
});

describe('<vendor-licenses view="manage-sites">', () => {
  const sites = { ...purchase, licenses: [license(3, { payment_id: 13, limit: 5, activation_count: 1 })] };

  it('adds a site from the http:// field, updates count/limit and tells the page', async () => {
    const { element, root, requests } = await mount('view=manage-sites payment-id=13', {
      'GET /history': () => json(sites),
      'POST /site': (r) =>
        json(
          license(3, {
            payment_id: 13,
            limit: 5,
            activation_count: 2,
            sites: ['https://casey-shop.example', String((r.body as { url: string }).url)],
          }),
        ),
    });
    const input = await until(() => root.querySelector<HTMLInputElement>('form input'));
    await until(() => root.textContent?.includes('licence-key-3'));
    expect(input.value).toBe('http://');
    expect(root.querySelector('label')?.textContent).toBe('Site URL');
    expect(root.textContent).toContain('Addons Plugin');
    expect(root.textContent).toContain('1/5');
    const added = new Promise<CustomEvent>((resolve) =>
      element.addEventListener('vendor-site-added', (event) => resolve(event as CustomEvent), { once: true }),
    );
    input.value = 'http://new-site.example';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    buttonByText(root, 'Add Site')?.click();
    expect((await added).detail).toEqual({
      license_id: 3,
      url: 'http://new-site.example',
      activation_count: 2,
    });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      payment_id: 13,
      license_id: 3,
      type: 'add',
      url: 'http://new-site.example',
    });
    await until(() => root.textContent?.includes('2/5'));
    expect(input.value).toBe('http://');
  });

  it('deactivates a site and shows the server reason when a change fails', async () => {
    let fail = false;
    const { element, root, requests } = await mount('view=manage-sites payment-id=13', {
      'GET /history': () => json(sites),
      'POST /site': () =>
        fail
          ? json(
              { code: 'activation_limit_reached', message: 'This license has reached its activation limit.' },
              409,
            )
          : json(license(3, { payment_id: 13, limit: 5, activation_count: 0, sites: [] })),
    });
    const deactivate = await until(() => buttonByText(root, 'Deactivate Site'));
    const removed = new Promise<CustomEvent>((resolve) =>
      element.addEventListener('vendor-site-removed', (event) => resolve(event as CustomEvent), {
        once: true,
      }),
    );
    deactivate.click();
    expect((await removed).detail.activation_count).toBe(0);
    expect(requests.at(-1)?.body).toMatchObject({ type: 'remove', url: 'https://casey-shop.example' });
    await until(() => root.textContent?.includes('No active sites found'));
    fail = true;
    buttonByText(root, 'Add Site')?.click();
    await until(() => root.querySelector('.ui-toast')?.textContent?.includes('reached its activation limit'));
    await expectNoAxeViolations(root);
  });
});

describe('<vendor-licenses> offers only what can work', () => {
  const withStatus = (status: string) => ({
    ...purchase,
    licenses: [
      license(3, { payment_id: 13, status, renewal_link: 'https://portal.example/checkout?action=renew' }),
    ],
  });

  it('Manage Sites of a disabled licence says so and offers no Add Site; its sites can still go', async () => {
    const { root } = await mount('view=manage-sites payment-id=13', {
      'GET /history': () => json(withStatus('disabled')),
    });
    await until(() => root.textContent?.includes('This license is not active.'));
    expect(buttonByText(root, 'Add Site')).toBeUndefined();
    expect(root.querySelector('form input')).toBeNull();
    expect(buttonByText(root, 'Deactivate Site')).not.toBeNull();
  });

  it('Manage Sites of an expired licence offers its renewal instead of Add Site', async () => {
    const { root } = await mount('view=manage-sites payment-id=13', {
      'GET /history': () => json(withStatus('expired')),
    });
    await until(() => root.textContent?.includes('This license has expired. Renew it to add sites.'));
    expect(buttonByText(root, 'Add Site')).toBeUndefined();
    expect(linkByText(root, 'Renew license')?.getAttribute('href')).toBe(
      'https://portal.example/checkout?action=renew',
    );
  });

  it('Upgrade License without a licence says so and has Back, which leads to My Products', async () => {
    // Opened first in its tab: no page history to go back to.
    vi.spyOn(history, 'length', 'get').mockReturnValue(1);
    const { element, root } = await mount('view=upgrades', { 'GET /products': productsReply });
    const moves: string[] = [];
    element.addEventListener('vendor-navigate', (event) =>
      moves.push((event as CustomEvent<{ path: string }>).detail.path),
    );
    await until(() => root.textContent?.includes('No upgrades found'));
    const back = await until(() => buttonByText(root, 'Back'));
    back.click();
    expect(moves).toEqual(['/user/my-products']);
    await until(() => root.textContent?.includes('Agency Bundle'));
  });
});

describe('<vendor-licenses view="upgrades">', () => {
  it('tables name, Upgrade Cost and the Upgrade License link', async () => {
    const { root, requests } = await mount('view=upgrades license-id=4', {
      'GET /upgrades': () => json(upgrades),
    });
    await until(() => root.textContent?.includes('Blocks Plugin – 5 Sites'));
    expect(requests[0]?.query.get('license_id')).toBe('4');
    expect([...root.querySelectorAll('th')].map((th) => th.textContent?.trim())).toContain('Upgrade Cost');
    expect(tableRows(root)[0]?.[1]).toBe('$149.00');
    expect(linkByText(root, 'Upgrade License')?.getAttribute('href')).toBe(upgrades[0]?.link);
  });

  it("shows 'No upgrades found' and 'Unable to get upgrades data, please try again'", async () => {
    const none = await mount('view=upgrades license-id=5', { 'GET /upgrades': () => json([]) });
    await until(() => none.root.textContent?.includes('No upgrades found'));
    const failed = await mount('view=upgrades license-id=6', { 'GET /upgrades': () => json({}, 500) });
    const alert = await until(() => failed.root.querySelector('[role="alert"]'));
    expect(alert.textContent).toBe('Unable to get upgrades data, please try again');
  });
});

describe('<vendor-licenses> accessibility', () => {
  it('passes axe in light and dark with no console error', async () => {
    const { element, root } = await mount('', { 'GET /products': productsReply });
    await until(() => root.textContent?.includes('Documentation Plugin'));
    await expectNoAxeViolations(element);
    element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(element);
    expect(consoleErrors).toEqual([]);
    expect(documentation.license.expiration).toBe('lifetime');
  });
});

describe('<vendor-licenses> for a visitor', () => {
  it('asks to sign in and sends no request', async () => {
    session.signOut();
    const element = await fixture<HTMLElement>(
      '<vendor-licenses api-base="/signed-out/api/v1"></vendor-licenses>',
    );
    const root = element.shadowRoot;
    if (!root) throw new Error('no shadow root');
    await until(() => root.querySelector('[data-view="signed-out"]'));
    expect(root.textContent).toContain('to see your products and licences.');
    expect(root.querySelector('a')?.getAttribute('href')).toBe(
      '/auth/sign-in?redirect=%2Fuser%2Fmy-products',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends a visitor on another origin to the sign-in page it names', async () => {
    session.signOut();
    const element = await fixture<HTMLElement>(
      '<vendor-licenses api-base="/signed-out/api/v1" sign-in-url="/account/sign-in"></vendor-licenses>',
    );
    const root = element.shadowRoot;
    if (!root) throw new Error('no shadow root');
    await until(() => root.querySelector('[data-view="signed-out"]'));
    expect(root.querySelector('a')?.getAttribute('href')).toBe('/account/sign-in');
  });
});
