import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { countryHasStates, createGeoStore } from './geo';
import { createPurchasesStore, type InvoiceInput, invoiceFileName } from './purchases';
import { createSessionStore } from './session';
import { $toasts, clearToasts } from './toasts';

const memory = () => {
  const values = new Map<string, string>([['access_token', 'token-abc']]);
  return {
    get: (key: string) => values.get(key) ?? null,
    set: (key: string, value: string) => void values.set(key, value),
    remove: (key: string) => void values.delete(key),
  };
};

type Route = (url: URL, init: RequestInit | undefined) => Response;

/** An API client whose fetch answers from `route` and records every call. */
function apiWith(route: Route) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  const api = createApiClient({
    baseURL: 'https://portal.example.com/api/v1',
    session: createSessionStore(memory()),
    fetch: async (input, init) => {
      const url = new URL(String(input));
      calls.push({ url, init });
      return route(url, init);
    },
  });
  return { api, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const valid: InvoiceInput = {
  name: 'Casey Customer',
  email: 'casey@example.com',
  line1: '12 Harbour Street',
  line2: '',
  city: 'San Francisco',
  state: 'CA',
  country: 'US',
  zip: '94105',
  vat: '',
  notes: '',
};

afterEach(() => clearToasts());

describe('invoiceFileName', () => {
  it('keeps Invoice-{number}.pdf and refuses any other name from the server', () => {
    expect(invoiceFileName('Invoice-000042.pdf')).toBe('Invoice-000042.pdf');
    expect(invoiceFileName('../../evil.exe')).toBe('Invoice.pdf');
    expect(invoiceFileName('Invoice-1.pdf.exe')).toBe('Invoice.pdf');
    expect(invoiceFileName(null)).toBe('Invoice.pdf');
  });
});

describe('invoice generation', () => {
  it('checks the form first and sends nothing when it fails', async () => {
    const { api, calls } = apiWith(() => json({}));
    const invoice = createPurchasesStore(api).invoice(5);
    expect(await invoice.generate({ ...valid, state: '' }, { countryHasStates: true })).toBeNull();
    expect(invoice.$generate.get().errors).toEqual({ state: 'Please select state' });
    expect(calls).toHaveLength(0);
  });

  it('posts the fields with payment_id and returns the file under its name', async () => {
    const { api, calls } = apiWith(
      () =>
        new Response(new Blob(['%PDF-']), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="Invoice-000007.pdf"',
          },
        }),
    );
    const invoice = createPurchasesStore(api).invoice(5);
    const file = await invoice.generate(valid, { countryHasStates: true });
    expect(file?.filename).toBe('Invoice-000007.pdf');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ ...valid, payment_id: 5 });
    expect(invoice.$generate.get()).toEqual({ generating: false, errors: {} });
  });

  it("a failure without field messages says 'Failed to get invoice data' once", async () => {
    const { api } = apiWith(() => json({ code: 'invoice_unavailable', message: 'No.' }, 409));
    const invoice = createPurchasesStore(api).invoice(5);
    expect(await invoice.generate(valid, { countryHasStates: true })).toBeNull();
    expect($toasts.get().map((t) => t.message)).toEqual(['Failed to get invoice data']);
  });

  it('loads the invoice data once however often it is asked', async () => {
    const { api, calls } = apiWith(() => json({ number: null, order_number: '1003', ...valid }));
    const invoice = createPurchasesStore(api).invoice(5);
    await Promise.all([invoice.load(), invoice.load()]);
    await invoice.load();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('payment_id')).toBe('5');
    expect(invoice.$invoice.get().data?.name).toBe('Casey Customer');
  });
});

describe('geo store', () => {
  it('asks for the countries once and the states once per country', async () => {
    const { api, calls } = apiWith((url) =>
      url.pathname.endsWith('/countries')
        ? json([{ value: 'US', label: 'United States' }])
        : json(url.searchParams.get('country') === 'US' ? [{ value: 'CA', label: 'California' }] : []),
    );
    const geo = createGeoStore(api);
    await Promise.all([geo.loadCountries(), geo.loadCountries(), geo.loadStates('US'), geo.loadStates('US')]);
    await geo.loadStates('HK');
    await geo.loadStates('US');
    expect(calls.map((c) => `${c.url.pathname.split('/').pop()}${c.url.search}`)).toEqual([
      'countries',
      'states?country=US',
      'states?country=HK',
    ]);
    const states = geo.$states.get();
    expect(countryHasStates(states, 'US')).toBe(true);
    expect(countryHasStates(states, 'HK')).toBe(false);
    expect(countryHasStates(states, 'DE')).toBeNull();
    expect(countryHasStates(states, '')).toBe(false);
  });

  it("says 'Unable to get countries, please try again' and 'Unable to get states, please try again'", async () => {
    const { api } = apiWith(() => json({ code: 'service_unavailable' }, 503));
    const geo = createGeoStore(api);
    await geo.loadCountries();
    await geo.loadStates('US');
    expect(geo.$countries.get().error).toBe('Unable to get countries, please try again');
    expect(geo.$states.get().US?.error).toBe('Unable to get states, please try again');
  });

  it('asks for a failed list again only when told to (Try again)', async () => {
    let fail = true;
    const { api, calls } = apiWith(() =>
      fail ? json({ code: 'service_unavailable' }, 503) : json([{ value: 'US', label: 'United States' }]),
    );
    const geo = createGeoStore(api);
    await geo.loadCountries();
    await geo.loadStates('US');
    // A form that mounts again (another tab, a re-render) sends nothing.
    await geo.loadCountries();
    await geo.loadStates('US');
    expect(calls).toHaveLength(2);
    fail = false;
    await geo.reloadCountries();
    await geo.reloadStates('US');
    expect(calls).toHaveLength(4);
    expect(geo.$countries.get().state).toBe('ready');
    expect(geo.$states.get().US?.state).toBe('ready');
  });
});
