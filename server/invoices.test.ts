import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeoOptionListSchema } from '../shared/schemas/geo';
import { InvoiceDataSchema, type Purchase, PurchaseListSchema } from '../shared/schemas/purchases';
import { invoices, payments } from './db/schema';
import { renderInvoicePdf } from './invoices/pdf';
import { pdfText } from './invoices/pdf-text';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

let t: TestApp;
let customer: string;
let other: string;
let history: Purchase[];

beforeAll(async () => {
  t = await createTestApp();
  customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
  other = await signIn(t.app, 'affiliate@example.com', 'Affiliate#2026');
  const response = await get('/history', customer);
  history = v.parse(PurchaseListSchema, await response.json());
});
afterAll(() => t.close());

function get(path: string, token?: string) {
  return t.app.request(`/api/v1${path}`, { headers: token ? { 'X-WP-Nonce': token } : {} });
}
function post(path: string, token: string, body: unknown) {
  return t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, 'X-WP-Nonce': token },
    body: JSON.stringify(body),
  });
}
function purchase(number: string): Purchase {
  const found = history.find((p) => p.number === number);
  if (!found) throw new Error(`no purchase ${number}`);
  return found;
}
const billing = {
  name: 'Casey Customer',
  email: 'accounts@casey-shop.example',
  line1: '12 Harbour Street',
  line2: 'Suite 4',
  country: 'US',
  state: 'CA',
  city: 'San Francisco',
  zip: '94105',
  vat: 'EU123456789',
  notes: 'PO 4471',
};
async function invoiceRows() {
  return t.handle.db.select().from(invoices).orderBy(invoices.sequence);
}

describe('GET /history (purchase history)', () => {
  it("lists the caller's purchases newest first with products and licences", () => {
    expect(history.map((p) => [p.number, p.status, p.total, p.invoice_available])).toEqual([
      ['1003', 'complete', 399, true],
      ['1005', 'refunded', 49, false],
      ['1002', 'complete', 299, true],
      ['1001', 'complete', 49.97, true],
      ['1004', 'complete', 49, true],
    ]);
    const bundle = purchase('1003');
    expect(bundle.products).toHaveLength(1);
    expect(bundle.products[0]).toMatchObject({ name: 'Agency Bundle', price_name: 'Agency Yearly' });
    expect(bundle.products[0]?.license?.license_key).toMatch(/^[0-9a-f]{32}$/);
    expect(purchase('1004').products[0]?.license?.status).toBe('expired');
    expect(bundle.purchase_key).toMatch(/^[0-9a-f]{32}$/);
  });
  it('is empty for another user and 401 without a token', async () => {
    expect(await (await get('/history', other)).json()).toEqual([]);
    expect((await get('/history')).status).toBe(401);
  });
});

describe('GET /countries and /states', () => {
  it('lists countries and the states of a country as value/label options, publicly', async () => {
    const countries = v.parse(GeoOptionListSchema, await (await get('/countries')).json());
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toContainEqual({ value: 'US', label: 'United States' });
    const states = v.parse(GeoOptionListSchema, await (await get('/states?country=us')).json());
    expect(states).toContainEqual({ value: 'CA', label: 'California' });
    expect(await (await get('/states?country=HK')).json()).toEqual([]);
  });
  it('refuses a malformed country code', async () => {
    const response = await get('/states?country=United%20States');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_error' });
  });
});

describe('GET /invoice', () => {
  it('prefills from the profile before the first invoice', async () => {
    const response = await get(`/invoice?payment_id=${purchase('1002').ID}`, customer);
    expect(response.status).toBe(200);
    expect(v.parse(InvoiceDataSchema, await response.json())).toEqual({
      number: null,
      // Issue 23: the form names the order the invoice is for, by its order number.
      order_number: '1002',
      name: 'Casey Customer',
      email: 'customer@example.com',
      line1: '12 Harbour Street',
      line2: 'Suite 4',
      city: 'San Francisco',
      state: 'CA',
      country: 'US',
      zip: '94105',
      vat: '',
      notes: '',
    });
  });
  it("another user's payment id is 404; a refunded one is 409", async () => {
    expect((await get(`/invoice?payment_id=${purchase('1002').ID}`, other)).status).toBe(404);
    const refunded = await get(`/invoice?payment_id=${purchase('1005').ID}`, customer);
    expect(refunded.status).toBe(409);
    expect(await refunded.json()).toMatchObject({ message: 'A refunded purchase has no invoice.' });
  });
});

describe('POST /invoice', () => {
  it('answers Invoice-{number}.pdf, a real PDF holding the billing block, items and total', async () => {
    const response = await post('/invoice', customer, { payment_id: purchase('1003').ID, ...billing });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toContain('filename="Invoice-000001.pdf"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Invoice 000001');
    expect(pdf.getPageCount()).toBe(1);
    const text = pdfText(bytes);
    for (const expected of [
      'Vendor Plugins Ltd',
      '000001',
      // Its own number and the order's.
      'Order number',
      '1003',
      'Casey Customer',
      'accounts@casey-shop.example',
      'San Francisco, California 94105',
      'United States',
      'VAT / Tax number: EU123456789',
      'Agency Bundle',
      'Agency Yearly',
      '$399.00',
      'PAID',
      'PO 4471',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('keeps the number when generated again, with the new details, and saves them for GET', async () => {
    const paymentId = purchase('1003').ID;
    const again = await post('/invoice', customer, { ...billing, payment_id: paymentId, vat: 'DE999' });
    expect(again.headers.get('Content-Disposition')).toContain('Invoice-000001.pdf');
    expect(pdfText(new Uint8Array(await again.arrayBuffer()))).toContain('VAT / Tax number: DE999');
    const saved = v.parse(
      InvoiceDataSchema,
      await (await get(`/invoice?payment_id=${paymentId}`, customer)).json(),
    );
    expect(saved).toMatchObject({
      number: '000001',
      order_number: '1003',
      vat: 'DE999',
      email: 'accounts@casey-shop.example',
    });
    expect((await invoiceRows()).map((row) => row.number)).toEqual(['000001']);
  });

  it('numbers invoices sequentially across purchases, without gaps when requests race', async () => {
    const ids = [purchase('1002').ID, purchase('1001').ID, purchase('1004').ID];
    const answers = await Promise.all(
      ids.map((id) => post('/invoice', customer, { ...billing, payment_id: id })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await invoiceRows()).map((row) => [row.sequence, row.number])).toEqual([
      [1, '000001'],
      [2, '000002'],
      [3, '000003'],
      [4, '000004'],
    ]);
  });

  it('refuses a refunded purchase with 409 and stores nothing', async () => {
    const before = (await invoiceRows()).length;
    const response = await post('/invoice', customer, { ...billing, payment_id: purchase('1005').ID });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: 'A refunded purchase has no invoice.' });
    expect((await invoiceRows()).length).toBe(before);
  });

  it("another user's payment id is 404 and nothing is stored or changed", async () => {
    const paymentId = purchase('1003').ID;
    const response = await post('/invoice', other, { ...billing, payment_id: paymentId, name: 'Mallory' });
    expect(response.status).toBe(404);
    const [row] = await t.handle.db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
    expect(row?.name).toBe('Casey Customer');
  });

  it('checks every field with the messages of spec §5', async () => {
    const paymentId = purchase('1002').ID;
    const empty = await post('/invoice', customer, { payment_id: paymentId });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { data: { fields: Record<string, string> } }).data.fields).toEqual({
      line1: 'Please insert billing address',
      country: 'Country is required',
      city: 'Please insert city',
      zip: 'Please insert zip/postal code',
      name: 'Please insert billing name',
      email: 'Please insert email',
    });
    const tooLong = await post('/invoice', customer, {
      ...billing,
      payment_id: paymentId,
      name: 'n'.repeat(101),
      email: 'not-an-email',
      line1: 'a'.repeat(256),
      line2: 'a'.repeat(256),
      city: 'c'.repeat(61),
      zip: 'z'.repeat(25),
      state: '',
    });
    expect(((await tooLong.json()) as { data: { fields: Record<string, string> } }).data.fields).toEqual({
      name: 'Billing name should not be more than 100 characters',
      email: 'Please enter a valid email',
      line1: 'Billing address should not be more than 255 characters',
      line2: 'Billing address line 2 should not be more than 255 characters',
      city: 'City should not be more than 60 characters',
      zip: 'Zip/postal code should not be more than 24 characters',
      state: 'Please select state',
    });
  });

  it('requires a real state only where the country has states, and a real country', async () => {
    const paymentId = purchase('1002').ID;
    const fake = await post('/invoice', customer, { ...billing, payment_id: paymentId, state: 'XX' });
    expect(await fake.json()).toMatchObject({ data: { fields: { state: 'Please select state' } } });
    const country = await post('/invoice', customer, { ...billing, payment_id: paymentId, country: 'ZZ' });
    expect(await country.json()).toMatchObject({ data: { fields: { country: 'Country is required' } } });
    const hongKong = await post('/invoice', customer, {
      ...billing,
      payment_id: paymentId,
      country: 'HK',
      state: '',
    });
    expect(hongKong.status).toBe(200);
    expect(pdfText(new Uint8Array(await hongKong.arrayBuffer()))).toContain('Hong Kong');
  });

  it('prints what the standard font cannot draw as ? instead of failing', async () => {
    const paymentId = purchase('1002').ID;
    const response = await post('/invoice', customer, {
      ...billing,
      payment_id: paymentId,
      name: 'Zoë 東京 \u0007',
    });
    expect(response.status).toBe(200);
    expect(pdfText(new Uint8Array(await response.arrayBuffer()))).toContain('Zoë ??');
  });

  it('401 without a token; 400 for a missing payment id', async () => {
    const anonymous = await t.app.request('/api/v1/invoice', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ payment_id: 1 }),
    });
    expect(anonymous.status).toBe(401);
    expect((await post('/invoice', customer, billing)).status).toBe(400);
    expect((await get('/invoice?payment_id=abc', customer)).status).toBe(400);
  });

  it('offers no invoice for a failed purchase either', async () => {
    const paymentId = purchase('1004').ID;
    await t.handle.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, paymentId));
    try {
      const response = await get(`/invoice?payment_id=${paymentId}`, customer);
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ message: 'This purchase has no invoice.' });
    } finally {
      await t.handle.db.update(payments).set({ status: 'complete' }).where(eq(payments.id, paymentId));
    }
  });
});

describe('renderInvoicePdf', () => {
  it('continues a purchase of many items on further pages, with the footer on each', async () => {
    const items = Array.from({ length: 30 }, (_, i) => ({
      name: `Item ${i + 1}`,
      priceName: '1 Site',
      amountCents: 4900,
      discountCents: 0,
    }));
    const bytes = await renderInvoicePdf({
      number: '000099',
      issuedAt: new Date('2026-03-04T10:00:00Z'),
      order: {
        number: '2001',
        date: new Date('2026-03-01T10:00:00Z'),
        status: 'pending',
        gateway: 'manual',
        subtotalCents: 147_000,
        discountCents: 0,
        taxCents: 0,
        totalCents: 147_000,
        currency: 'USD',
      },
      billing: { ...billing, state: 'California', country: 'United States', notes: 'n '.repeat(300) },
      items,
    });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    const text = pdfText(bytes);
    expect(text).toContain('Item 30');
    expect(text).toContain('$1470.00');
    expect(text).toContain('PENDING');
    expect(text).toContain('Amount due');
    expect(text.split('Thank you for your business.').length - 1).toBe(pdf.getPageCount());
  });
});
