import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayCustomers, paymentMethods, users } from '../../db/schema';
import { createTestApp, jsonHeaders, signIn, type TestApp } from '../../test-support/app';
import { CardGatewayError } from './gateway';
import { stripeCardGateway } from './stripe';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in';

let stripe: StripeStandIn;
let t: TestApp;
let token: string;
let userId: number;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  // The app picks its card gateway from the environment when it is built, as main.ts does.
  process.env.STRIPE_SECRET_KEY = 'sk_test_standin';
  process.env.STRIPE_API_BASE = stripe.url;
  try {
    t = await createTestApp({ publicUrl: 'https://portal.example.test' });
  } finally {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_API_BASE;
  }
  token = await signIn(t.app, 'affiliate@example.com', 'Affiliate#2026');
  const [row] = await t.handle.db.select().from(users).where(eq(users.email, 'affiliate@example.com'));
  userId = row?.id ?? 0;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const post = (path: string, body: unknown) =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, 'X-WP-Nonce': token },
    body: JSON.stringify(body),
  });
const card = (id: string, last4: string) => ({ id, brand: 'visa', last4, exp_month: 4, exp_year: 2031 });

async function addCard(): Promise<{ sessionId: string; success: URL; cancel: URL }> {
  const response = await post('/profile/add-card', {});
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const sessionId = url.split('/').pop() ?? '';
  const created = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1);
  expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
  return {
    sessionId,
    success: new URL(created?.body.get('success_url') ?? ''),
    cancel: new URL(created?.body.get('cancel_url') ?? ''),
  };
}
const land = async (url: URL) => {
  const response = await t.app.request(`${url.pathname}${url.search}`);
  expect(response.status).toBe(303);
  return response.headers.get('Location');
};

describe('Stripe card gateway through the routes', () => {
  it('opens a setup-mode Checkout Session for a Stripe customer made once', async () => {
    const { success, cancel } = await addCard();
    await addCard();
    const customers = stripe.calls.filter((c) => c.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]?.body.get('email')).toBe('affiliate@example.com');
    expect(customers[0]?.authorization).toBe('Bearer sk_test_standin');
    const [stored] = await t.handle.db
      .select()
      .from(gatewayCustomers)
      .where(eq(gatewayCustomers.userId, userId));
    expect(stored).toMatchObject({ gateway: 'stripe', customerRef: expect.stringMatching(/^cus_test_/) });
    const session = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1);
    expect(session?.body.get('mode')).toBe('setup');
    expect(session?.body.get('customer')).toBe(stored?.customerRef);
    expect(success.pathname).toBe('/api/v1/profile/cards/return');
    expect(success.origin).toBe('https://portal.example.test');
    expect(cancel.searchParams.get('cancelled')).toBe('1');
  });

  it('stores the card Stripe reports on return, once', async () => {
    const { sessionId, success } = await addCard();
    stripe.complete(sessionId, card('pm_stripe_1', '1111'));
    expect(await land(success)).toBe('/user/profile?action=add_card');
    const retrieve = stripe.calls.filter((c) => c.path === `/v1/checkout/sessions/${sessionId}`).at(-1);
    expect([...(retrieve?.query.entries() ?? [])]).toEqual([['expand[0]', 'setup_intent.payment_method']]);
    expect(await land(success)).toBe('/user/profile?action=add_card&failed=true');
    const rows = await t.handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
    expect(
      rows.map((r) => [r.gateway, r.gatewayRef, r.brand, r.last4, r.expMonth, r.expYear, r.isDefault]),
    ).toEqual([['stripe', 'pm_stripe_1', 'visa', '1111', 4, 2031, true]]);
  });

  it('a session not completed, or cancelled, lands on failed=true and stores nothing', async () => {
    const open = await addCard();
    expect(await land(open.success)).toBe('/user/profile?action=add_card&failed=true');
    const cancelled = await addCard();
    stripe.complete(cancelled.sessionId, card('pm_never', '9999'));
    expect(await land(cancelled.cancel)).toBe('/user/profile?action=add_card&failed=true');
    const rows = await t.handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
    expect(rows.map((r) => r.gatewayRef)).toEqual(['pm_stripe_1']);
  });

  it('tells Stripe the new default and detaches a removed card', async () => {
    const { sessionId, success } = await addCard();
    stripe.complete(sessionId, card('pm_stripe_2', '2222'));
    await land(success);
    expect((await post('/profile/set-card-default', { payment_method: 'pm_stripe_2' })).status).toBe(200);
    const update = stripe.calls.filter((c) => /^\/v1\/customers\/cus_/.test(c.path)).at(-1);
    expect(update?.body.get('invoice_settings[default_payment_method]')).toBe('pm_stripe_2');
    expect((await post('/profile/remove-card', { payment_method: 'pm_stripe_1' })).status).toBe(200);
    expect(stripe.calls.some((c) => c.path === '/v1/payment_methods/pm_stripe_1/detach')).toBe(true);
  });

  it("keeps our rows as they were when Stripe refuses, and answers Stripe's reason", async () => {
    const { sessionId, success } = await addCard();
    stripe.complete(sessionId, card('pm_stripe_3', '3333'));
    await land(success);
    stripe.failNext('/v1/payment_methods/pm_stripe_3/detach', 'No such PaymentMethod: pm_stripe_3');
    const refused = await post('/profile/remove-card', { payment_method: 'pm_stripe_3' });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({
      code: 'gateway_error',
      message: 'No such PaymentMethod: pm_stripe_3',
    });
    const rows = await t.handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
    expect(rows.some((r) => r.gatewayRef === 'pm_stripe_3')).toBe(true);

    const [customer] = await t.handle.db
      .select()
      .from(gatewayCustomers)
      .where(eq(gatewayCustomers.userId, userId));
    stripe.failNext(`/v1/customers/${customer?.customerRef}`, 'Your card was declined.');
    expect((await post('/profile/set-card-default', { payment_method: 'pm_stripe_3' })).status).toBe(502);
    const defaults = await t.handle.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.isDefault, true));
    expect(defaults.filter((r) => r.userId === userId).map((r) => r.gatewayRef)).toEqual(['pm_stripe_2']);
  });
});

describe('stripeCardGateway', () => {
  it('turns a Stripe error into a CardGatewayError with its message', async () => {
    const gateway = stripeCardGateway({ secretKey: 'sk_test_standin', apiBase: stripe.url });
    stripe.failNext('/v1/customers', 'Invalid email address');
    await expect(gateway.createCustomer({ id: 1, email: 'x', name: '' })).rejects.toThrow(
      new CardGatewayError('Invalid email address'),
    );
  });
});
