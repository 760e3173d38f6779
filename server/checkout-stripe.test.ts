import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../shared/catalogue';
import { CartSchema } from '../shared/schemas/cart';
import { PaymentInfoSchema, PurchaseResponseSchema } from '../shared/schemas/checkout';
import { gatewayCustomers, licences, paymentMethods, payments } from './db/schema';
import { createTestApp, jsonHeaders, type TestApp } from './test-support/app';

/*
 * The Stripe adapter against a local stand-in of the Stripe API: the official `stripe` package is
 * pointed at 127.0.0.1 (STRIPE_API_BASE), and webhooks are signed with
 * `stripe.webhooks.generateTestHeaderString`.
 */

const webhookSecret = 'whsec_test_standin';
const origin = 'https://portal.example.com';

interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  metadata: Record<string, string>;
}

const sessions = new Map<string, StandInSession>();
const created: URLSearchParams[] = [];
let standIn: Server;
let t: TestApp;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.headers.authorization !== 'Bearer sk_test_standin') {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'bad key' } }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        created.push(form);
        const id = `cs_test_${created.length}`;
        const session: StandInSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          metadata: { payment_id: form.get('metadata[payment_id]') ?? '' },
        };
        sessions.set(id, session);
        res.end(JSON.stringify(session));
        return;
      }
      const match = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.url ?? '');
      const session = match?.[1] ? sessions.get(match[1]) : undefined;
      if (req.method === 'GET' && session) {
        res.end(JSON.stringify(session));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such session' } }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  process.env.STRIPE_SECRET_KEY = 'sk_test_standin';
  process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${port}`;
  try {
    t = await createTestApp({ publicUrl: origin });
  } finally {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_BASE;
  }
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => standIn.close(resolve));
});

const call = (path: string, body: unknown, extra: Record<string, string> = {}) =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, ...extra },
    body: JSON.stringify(body),
  });

async function startPurchase(email: string) {
  const add = await call('/add-to-cart', { download_id: downloadIds.blocks, price_id: 1 });
  const cartToken = v.parse(CartSchema, await add.json()).cart_token ?? '';
  const response = await call(
    '/purchase',
    {
      edd_first: 'Grace',
      edd_last: 'Hopper',
      edd_email: email,
      edd_acquisition_method: 'other',
      edd_agree_to_terms: 1,
      edd_agree_to_privacy_policy: 1,
      edd_gateway: 'stripe',
      card_address: '1 Navy Yard',
      card_city: 'Arlington',
      card_zip: '22202',
      billing_country: 'US',
      card_state: 'VA',
    },
    { 'X-Cart-Token': cartToken },
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(PurchaseResponseSchema, await response.json());
}

function webhook(payload: string, signature: string) {
  return t.app.request('/api/v1/stripe/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
}

function completedEvent(session: StandInSession): string {
  return JSON.stringify({
    id: `evt_${session.id}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
  });
}

const licenceCount = async (paymentId: number) =>
  (
    await t.handle.db
      .select()
      .from(licences)
      .where(and(eq(licences.paymentId, paymentId), isNull(licences.parentLicenceId)))
  ).length;

describe('Stripe Checkout (stand-in API)', () => {
  it('creates a Checkout Session with the success URL template and the cart amounts', async () => {
    const { url, payment_id } = await startPurchase('grace@example.com');
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const form = created.at(-1);
    expect(form?.get('success_url')).toBe(`${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`);
    // Leaving Stripe's page without paying returns to the checkout, cart and form as they were.
    expect(form?.get('cancel_url')).toBe(`${origin}/checkout`);
    expect(form?.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(form?.get('customer_email')).toBe('grace@example.com');
    expect(form?.get('metadata[payment_id]')).toBe(String(payment_id));
  });

  it('confirmation asks Stripe: unpaid → payment_confirmation_failed, paid → fulfilled', async () => {
    const { url, payment_id } = await startPurchase('ask@example.com');
    const id = url.split('/').pop() ?? '';
    const early = await call('/confirmation', { session_id: id });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { code: string }).code).toBe('payment_confirmation_failed');
    const session = sessions.get(id);
    if (session) Object.assign(session, { status: 'complete', payment_status: 'paid' });
    const done = await call('/confirmation', { session_id: id });
    expect(done.status).toBe(200);
    expect(v.parse(PaymentInfoSchema, await done.json()).status).toBe('completed');
    expect(await licenceCount(payment_id)).toBe(1);
  });

  it('a forged webhook signature is refused with 400 and fulfils nothing', async () => {
    const { url, payment_id } = await startPurchase('forged@example.com');
    const session = sessions.get(url.split('/').pop() ?? '');
    if (!session) throw new Error('no session');
    const payload = completedEvent(session);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await webhook(payload, forged)).status).toBe(400);
    expect((await webhook(payload, '')).status).toBe(400);
    expect(await licenceCount(payment_id)).toBe(0);
    const [payment] = await t.handle.db.select().from(payments).where(eq(payments.id, payment_id));
    expect(payment?.status).toBe('pending');
  });

  it('a renewing purchase saves its card on a customer, and fulfilment gives it to the account as its default', async () => {
    const email = 'saves.card@example.com';
    const { url, payment_id } = await startPurchase(email);
    const form = created.at(-1);
    expect(form?.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(form?.get('customer_creation')).toBe('always');
    const id = url.split('/').pop() ?? '';
    const session = sessions.get(id);
    if (!session) throw new Error('no session');
    // What Stripe's page leaves: the customer it made and the intent's card, saved for later use.
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: 'cus_test_saves',
      payment_intent: {
        id: 'pi_test_saves',
        object: 'payment_intent',
        setup_future_usage: 'off_session',
        payment_method: {
          id: 'pm_test_saves',
          object: 'payment_method',
          card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2032 },
        },
      },
    });
    const payload = completedEvent(session);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect((await webhook(payload, signature)).status).toBe(200);
    expect((await webhook(payload, signature)).status).toBe(200);
    const [payment] = await t.handle.db.select().from(payments).where(eq(payments.id, payment_id));
    const userId = payment?.userId ?? 0;
    const cards = await t.handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
    expect(cards.map((c) => [c.gateway, c.gatewayRef, c.last4, c.expMonth, c.expYear, c.isDefault])).toEqual([
      ['stripe', 'pm_test_saves', '4242', 4, 2032, true],
    ]);
    const customers = await t.handle.db
      .select()
      .from(gatewayCustomers)
      .where(eq(gatewayCustomers.userId, userId));
    expect(customers.map((c) => [c.gateway, c.customerRef])).toEqual([['stripe', 'cus_test_saves']]);
  });

  it('20 concurrent webhook replays and confirmations fulfil once', async () => {
    const { url, payment_id } = await startPurchase('replay@example.com');
    const id = url.split('/').pop() ?? '';
    const session = sessions.get(id);
    if (!session) throw new Error('no session');
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    const payload = completedEvent(session);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => webhook(payload, signature)),
      ...Array.from({ length: 20 }, () => call('/confirmation', { session_id: id })),
    ]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await licenceCount(payment_id)).toBe(1);
  });
});
