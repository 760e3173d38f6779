import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../shared/catalogue';
import { CartSchema } from '../shared/schemas/cart';
import { PurchaseResponseSchema } from '../shared/schemas/checkout';
import { checkouts, licences, payments, users } from './db/schema';
import { createTestApp, jsonHeaders, type TestApp } from './test-support/app';
import { injectFault } from './test-support/faults';

/*
 * Issue 24: a free order is placed and fulfilled in one transaction; the sandbox payment page records
 * its answer and fulfils in one transaction. A failure
 * injected between those writes (a trigger raising on the licence insert, after the answer, the account
 * and the payment rows were written) leaves the payment as it was: pending, unanswered, no account and
 * no licence, its page still open; answered again, it is fulfilled once.
 */

let t: TestApp;
const origin = 'https://portal.example.com';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: origin });
});
afterAll(() => t.close());

const call = (path: string, body: unknown, cartToken: string) =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, 'X-Cart-Token': cartToken },
    body: JSON.stringify(body),
  });

const payOnPage = (path: string) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      card_number: '4242 4242 4242 4242',
      card_expiry: '12/34',
      card_cvc: '123',
    }).toString(),
  });

async function guestCart(coupon?: string): Promise<string> {
  const added = await t.app.request('/api/v1/add-to-cart', {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ download_id: downloadIds.blocks, price_id: 1 }),
  });
  const cartToken = v.parse(CartSchema, await added.json()).cart_token ?? '';
  if (coupon) await call('/coupon', { code: coupon, type: 'apply' }, cartToken);
  return cartToken;
}

async function purchase(email: string, cartToken: string, gateway = 'stripe') {
  return call(
    '/purchase',
    {
      edd_first: 'Grace',
      edd_last: 'Hopper',
      edd_email: email,
      edd_acquisition_method: 'google',
      edd_agree_to_terms: 1,
      edd_agree_to_privacy_policy: 1,
      edd_gateway: gateway,
      'edd-gateway': gateway,
      payment_mode: gateway,
      'payment-mode': gateway,
      card_name: 'Grace Hopper',
      card_address: '1 Compiler Road',
      card_address_2: '',
      card_city: 'London',
      card_zip: 'N1 9GU',
      billing_country: 'GB',
      card_state: 'LND',
      need_new_user: true,
      need_user_login: true,
      mailchimp: false,
    },
    cartToken,
  );
}

async function guestPurchase(email: string) {
  const cartToken = await guestCart();
  const response = await purchase(email, cartToken);
  expect(response.status).toBe(200);
  const { url, payment_id } = v.parse(PurchaseResponseSchema, await response.json());
  return { path: new URL(url).pathname, paymentId: payment_id, cartToken };
}

async function stateOf(paymentId: number, email: string) {
  const [checkout] = await t.handle.db
    .select({ outcome: checkouts.sandboxOutcome, fulfilledAt: checkouts.fulfilledAt })
    .from(checkouts)
    .where(eq(checkouts.paymentId, paymentId));
  const [payment] = await t.handle.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, paymentId));
  const licenceRows = await t.handle.db
    .select({ id: licences.id })
    .from(licences)
    .where(eq(licences.paymentId, paymentId));
  const accounts = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return {
    outcome: checkout?.outcome ?? null,
    fulfilled: checkout?.fulfilledAt != null,
    status: payment?.status,
    licences: licenceRows.length,
    accounts: accounts.length,
  };
}

describe('a free order', () => {
  it('is placed and fulfilled whole or not at all', async () => {
    const email = 'atomic.free@example.com';
    const cartToken = await guestCart('FREE100');
    const removeFault = await injectFault(t.handle.db, { table: 'licences', operation: 'INSERT' });
    try {
      expect((await purchase(email, cartToken, 'manual')).status).toBe(500);
    } finally {
      await removeFault();
    }
    // No payment left pending that no gateway would ever answer for, no account, the cart as it was.
    expect(await t.handle.db.select().from(payments).where(eq(payments.email, email))).toEqual([]);
    expect(await t.handle.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const cart = v.parse(
      CartSchema,
      await (await t.app.request('/api/v1/cart', { headers: { 'X-Cart-Token': cartToken } })).json(),
    );
    expect([cart.details.length, cart.total]).toEqual([1, 0]);

    const placed = await purchase(email, cartToken, 'manual');
    expect(placed.status).toBe(200);
    const { payment_id } = v.parse(PurchaseResponseSchema, await placed.json());
    expect(await stateOf(payment_id, email)).toEqual({
      outcome: null,
      fulfilled: true,
      status: 'complete',
      licences: 1,
      accounts: 1,
    });
  });
});

describe('the sandbox payment page', () => {
  it('records the answer and fulfils whole or not at all', async () => {
    const email = 'atomic.buyer@example.com';
    const { path, paymentId, cartToken } = await guestPurchase(email);

    const removeFault = await injectFault(t.handle.db, { table: 'licences', operation: 'INSERT' });
    try {
      expect((await payOnPage(path)).status).toBe(500);
    } finally {
      await removeFault();
    }
    expect(await stateOf(paymentId, email)).toEqual({
      outcome: null,
      fulfilled: false,
      status: 'pending',
      licences: 0,
      accounts: 0,
    });
    // Not "already submitted": the buyer can answer again.
    expect(await (await t.app.request(path)).text()).toContain('Card number');
    const cart = await t.app.request('/api/v1/cart', { headers: { 'X-Cart-Token': cartToken } });
    expect(v.parse(CartSchema, await cart.json()).details).toHaveLength(1);

    const paid = await payOnPage(path);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('Location')).toMatch(`${origin}/payment-success?session_id=`);
    expect(await stateOf(paymentId, email)).toEqual({
      outcome: 'paid',
      fulfilled: true,
      status: 'complete',
      licences: 1,
      accounts: 1,
    });
    // A second answer changes nothing: the first one counts.
    expect((await payOnPage(path)).status).toBe(303);
    expect((await stateOf(paymentId, email)).licences).toBe(1);
  });
});
