import { describe, expect, it, vi } from 'vitest';
import { addons, license, products, purchase } from '../../test/fixtures/licences';
import { createApiClient } from '../api/client';
import { createPurchaseStore } from './licence-purchases';
import { createLicenceStores } from './licences';
import { createSessionStore } from './session';
import { createMemoryStorage } from './storage';
import { createUpgradesStore } from './upgrades';

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function api(reply: (url: URL, init?: RequestInit) => Response) {
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => reply(new URL(String(input)), init));
  const client = createApiClient({
    baseURL: 'https://portal.example.test/api/v1',
    session: createSessionStore(createMemoryStorage()),
    fetch,
  });
  return { client, fetch };
}

describe('licence stores', () => {
  it('loads a page of products once, with the X-WP-Total', async () => {
    const { client, fetch } = api(() => json(products, 200, { 'X-WP-Total': '24' }));
    const store = createLicenceStores(client).products();
    await Promise.all([store.load(), store.load()]);
    await store.load();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(new URL(String(fetch.mock.calls[0]?.[0])).search).toBe('?page=1&per_page=20');
    expect(store.$products.get()).toMatchObject({ state: 'ready', total: 24, page: 1 });
  });

  it("keeps the server's message when products fail", async () => {
    const { client } = api(() => json({ code: 'forbidden', message: 'Not yours.' }, 403));
    const store = createLicenceStores(client).products(3);
    await store.load();
    expect(store.$products.get()).toMatchObject({ state: 'error', error: 'Not yours.' });
  });

  it('adds a site and puts the new count in the purchase and in every product list showing it', async () => {
    const updated = license(1, {
      activation_count: 2,
      limit: 5,
      sites: ['https://a.example', 'https://b.example'],
    });
    const { client, fetch } = api((url) =>
      url.pathname.endsWith('/products')
        ? json([addons], 200, { 'X-WP-Total': '1' })
        : url.pathname.endsWith('/history')
          ? json({ ...purchase, payment_id: 11, licenses: [addons.license] })
          : json(updated),
    );
    const stores = createLicenceStores(client);
    const list = stores.products();
    const sites = createPurchaseStore(client, 11, stores.applyLicense);
    await Promise.all([list.load(), sites.load()]);
    const result = await sites.addSite(1, 'https://b.example');
    expect(result.activation_count).toBe(2);
    expect(JSON.parse(String(fetch.mock.calls.at(-1)?.[1]?.body))).toEqual({
      payment_id: 11,
      license_id: 1,
      type: 'add',
      url: 'https://b.example',
    });
    expect(sites.$purchase.get().purchase?.licenses[0]?.activation_count).toBe(2);
    expect(list.$products.get().products[0]?.license.activation_count).toBe(2);
    expect(sites.$pending.get().change).toBeNull();
  });

  it('refuses a second site change while one is in flight, and rejects with the server reason', async () => {
    let release: (r: Response) => void = () => {};
    const { client, fetch } = api((url) =>
      url.pathname.endsWith('/history') ? json(purchase) : (undefined as unknown as Response),
    );
    fetch.mockImplementationOnce(async () => json(purchase));
    const sites = createPurchaseStore(client, 13, () => {});
    await sites.load();
    fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    const first = sites.addSite(3, 'https://one.example');
    await expect(sites.addSite(3, 'https://two.example')).rejects.toThrow(/already in progress/);
    release(json({ code: 'activation_limit_reached', message: 'Limit reached.' }, 409));
    await expect(first).rejects.toThrow('Limit reached.');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('treats an unknown purchase (404) as one without licences', async () => {
    const { client } = api(() => json({ code: 'not_found', message: 'No such purchase.' }, 404));
    const sites = createPurchaseStore(client, 99, () => {});
    await sites.load();
    expect(sites.$purchase.get()).toEqual({ state: 'ready', purchase: null, error: null });
  });
});

describe('upgrades store', () => {
  it("says 'Unable to get upgrades data, please try again' on a failure other than a 500", async () => {
    const { client } = api(() => json({ code: 'forbidden', message: 'Not yours.' }, 403));
    const store = createUpgradesStore(client, 4);
    await store.load();
    expect(store.$upgrades.get()).toEqual({
      state: 'error',
      upgrades: [],
      error: 'Unable to get upgrades data, please try again',
    });
  });
});
