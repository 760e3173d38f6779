import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { createSession } from '../auth/sessions';
import {
  billingAttempts,
  gatewayCustomers,
  licences,
  paymentMethods,
  payments,
  subscriptions,
  users,
} from '../db/schema';
import { listOutbox, storeInOutbox } from '../mail/outbox';
import { cardGateways } from '../payments/cards/select';
import { stripeCardGateway } from '../payments/cards/stripe';
import {
  type StripeStandIn,
  standInNeedsAuthentication,
  startStripeStandIn,
} from '../payments/cards/stripe-stand-in';
import { addMonths } from '../subscriptions/periods';
import { createTestApp, type TestApp } from '../test-support/app';
import { completionTexts } from './complete';
import type { BillingDeps } from './deps';
import { runBilling } from './run';

/*
 * Issue 27: Stripe's `payment_intent.*` webhooks for renewal charges, through the HTTP route with
 * events signed as Stripe signs them (`Stripe-Signature`, HMAC-SHA256 of the timestamp and the raw
 * body with the endpoint's secret): a customer completing 3-D Secure settles the waiting attempt once;
 * a replay, a late failure and a forged signature change nothing.
 */

const webhookSecret = 'whsec_test_billing';
const secretKey = 'sk_test_billing';
const signer = new Stripe('sk_test_signer');
const due = new Date('2030-06-01T10:00:00.000Z');

let t: TestApp;
let stripe: StripeStandIn;
let deps: BillingDeps;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  process.env.STRIPE_SECRET_KEY = secretKey;
  process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  process.env.STRIPE_API_BASE = stripe.url;
  try {
    t = await createTestApp({ publicUrl: 'https://portal.example.com' });
  } finally {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_BASE;
  }
  deps = {
    db: t.handle.db,
    mailer: { send: (message) => storeInOutbox(t.handle.db, { from: 'test', ...message }) },
    logger: t.logger,
    cards: cardGateways(stripeCardGateway({ secretKey, apiBase: stripe.url })),
    settings: t.config.billing,
    origin: 'https://portal.example.com',
  };
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** A customer with a yearly licence due `due`, its subscription, and a default Stripe card. */
async function dueSubscription(email: string, cardRef: string) {
  const db = t.handle.db;
  const [user] = await db
    .insert(users)
    .values({ username: email, email, passwordHash: 'not-a-password' })
    .returning();
  if (!user) throw new Error('no user');
  const [payment] = await db
    .insert(payments)
    .values({
      number: `W${user.id}`,
      userId: user.id,
      email,
      status: 'complete',
      gateway: 'stripe',
      purchaseKey: `key-${user.id}`,
      subtotalCents: 9900,
      totalCents: 9900,
    })
    .returning();
  if (!payment) throw new Error('no payment');
  const [licence] = await db
    .insert(licences)
    .values({
      key: `webhook-licence-${user.id}`,
      userId: user.id,
      paymentId: payment.id,
      downloadId: downloadIds.links,
      priceId: 1,
      status: 'active',
      expiresAt: due,
    })
    .returning();
  if (!licence) throw new Error('no licence');
  const [sub] = await db
    .insert(subscriptions)
    .values({
      userId: user.id,
      paymentId: payment.id,
      downloadId: downloadIds.links,
      priceId: 1,
      licenceId: licence.id,
      status: 'active',
      period: 'year',
      initialAmountCents: 9900,
      recurringAmountCents: 9900,
      renewalAt: due,
    })
    .returning();
  if (!sub) throw new Error('no subscription');
  await db
    .insert(gatewayCustomers)
    .values({ userId: user.id, gateway: 'stripe', customerRef: `cus_${user.id}` });
  await db.insert(paymentMethods).values({
    userId: user.id,
    gateway: 'stripe',
    gatewayRef: cardRef,
    brand: 'visa',
    last4: '3184',
    expMonth: 12,
    expYear: 2035,
    isDefault: true,
  });
  return { sub, licence };
}

/** A PaymentIntent event as Stripe sends it, with its `Stripe-Signature` made with `secret`. */
function signedEvent(type: string, intent: Record<string, unknown>, secret = webhookSecret) {
  const payload = JSON.stringify({
    id: `evt_${type}_${String(intent.id)}`,
    object: 'event',
    api_version: '2024-06-20',
    type,
    data: { object: intent },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

const post = ({ payload, signature }: { payload: string; signature: string }) =>
  t.app.request('/api/v1/stripe/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });

async function state(subscriptionId: number, licenceId: number, email: string) {
  const db = t.handle.db;
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  const [licence] = await db.select().from(licences).where(eq(licences.id, licenceId));
  const attempts = await db
    .select()
    .from(billingAttempts)
    .where(eq(billingAttempts.subscriptionId, subscriptionId));
  const orders = await db.select().from(payments).where(eq(payments.email, email));
  const receipts = (await listOutbox(db, 1000)).filter(
    (m) => m.to === email && m.subject.startsWith('Your receipt for order'),
  );
  return { sub, licence, attempts, orders: orders.length, receipts: receipts.length };
}

describe('POST /api/v1/stripe/webhook with payment_intent events of a renewal', () => {
  it('settles a charge waiting for 3-D Secure once: a replay and a late failure change nothing', async () => {
    const email = 'webhook.threeds@example.com';
    const { sub, licence } = await dueSubscription(email, standInNeedsAuthentication);
    await runBilling(deps, due);
    const waiting = await state(sub.id, licence.id, email);
    expect(waiting.attempts).toHaveLength(1);
    const [attempt] = waiting.attempts;
    expect(attempt).toMatchObject({ status: 'requires_action', gatewayRef: expect.stringMatching(/^pi_/) });
    expect(waiting.sub).toMatchObject({ status: 'failing', timesBilled: 1 });

    const intent = {
      id: attempt?.gatewayRef,
      object: 'payment_intent',
      amount: 9900,
      currency: 'usd',
      status: 'succeeded',
      metadata: { attempt_key: attempt?.idempotencyKey, subscription_id: String(sub.id) },
    };
    const succeeded = signedEvent('payment_intent.succeeded', intent);

    // A signature made with another secret, or none: refused, nothing changes.
    const forged = signedEvent('payment_intent.succeeded', intent, 'whsec_someone_else');
    const refused = await post(forged);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'invalid_signature' });
    expect((await post({ payload: succeeded.payload, signature: '' })).status).toBe(400);
    expect((await state(sub.id, licence.id, email)).sub).toMatchObject({ status: 'failing', timesBilled: 1 });

    const answer = await post(succeeded);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true });
    const nextYear = addMonths(due, 12).toISOString();
    const paid = await state(sub.id, licence.id, email);
    expect(paid.sub).toMatchObject({ status: 'active', timesBilled: 2, failedAttempts: 0 });
    expect(paid.sub?.renewalAt.toISOString()).toBe(nextYear);
    expect(paid.licence?.expiresAt?.toISOString()).toBe(nextYear);
    expect(paid.attempts.map((a) => a.status)).toEqual(['succeeded']);
    expect({ orders: paid.orders, receipts: paid.receipts }).toEqual({ orders: 2, receipts: 1 });

    // Stripe retries a delivery it thinks failed; a failure event arrives late: neither applies.
    expect((await post(succeeded)).status).toBe(200);
    expect((await post(signedEvent('payment_intent.payment_failed', intent))).status).toBe(200);
    const after = await state(sub.id, licence.id, email);
    expect(after.sub).toMatchObject({ status: 'active', timesBilled: 2 });
    expect(after.sub?.renewalAt.toISOString()).toBe(nextYear);
    expect({ orders: after.orders, receipts: after.receipts }).toEqual({ orders: 2, receipts: 1 });

    // Nor does the engine's next retry: the period is paid.
    await runBilling(deps, new Date(due.getTime() + 7 * 86_400_000));
    expect((await state(sub.id, licence.id, email)).attempts).toHaveLength(1);
  });

  it('a failure event for a charge still unanswered schedules the retry, as the engine would', async () => {
    const email = 'webhook.unanswered@example.com';
    const { sub, licence } = await dueSubscription(email, 'pm_card_visa');
    // Stripe does not answer the charge: the attempt stays pending, its outcome comes by webhook.
    stripe.failNext('/v1/payment_intents', 'Stripe is having a moment');
    const summary = await runBilling(deps, due);
    expect(summary.unanswered).toBeGreaterThanOrEqual(1);
    const [attempt] = (await state(sub.id, licence.id, email)).attempts;
    expect(attempt?.status).toBe('pending');

    const failed = signedEvent('payment_intent.payment_failed', {
      id: 'pi_unanswered',
      object: 'payment_intent',
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
      metadata: { attempt_key: attempt?.idempotencyKey },
    });
    expect((await post(failed)).status).toBe(200);
    expect((await post(failed)).status).toBe(200);
    const after = await state(sub.id, licence.id, email);
    expect(after.attempts.map((a) => [a.status, a.declineReason, a.gatewayRef])).toEqual([
      ['failed', 'insufficient_funds', 'pi_unanswered'],
    ]);
    expect(after.sub).toMatchObject({ status: 'failing', failedAttempts: 1 });
    expect(after.sub?.nextAttemptAt?.toISOString()).toBe(new Date(due.getTime() + 86_400_000).toISOString());
  });
});

describe('the completion page of a renewal waiting for 3-D Secure, with Stripe', () => {
  const confirm = (ref: string, session: string) =>
    t.app.request(`/api/v1/renewal-payments/${ref}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'X-WP-Nonce': session },
    });
  const sessionOf = async (userId: number) =>
    (await createSession(t.handle.db, t.config.session, userId, { ip: '127.0.0.1', userAgent: null })).token;

  it('confirms the PaymentIntent and settles once; Stripe’s payment_intent.succeeded then changes nothing', async () => {
    const email = 'complete.stripe@example.com';
    const { sub, licence } = await dueSubscription(email, `${standInNeedsAuthentication}_2`);
    await runBilling(deps, due);
    const [attempt] = (await state(sub.id, licence.id, email)).attempts;
    expect(attempt).toMatchObject({ status: 'requires_action', completionRef: expect.any(String) });
    const ref = attempt?.completionRef ?? '';
    const intentId = attempt?.gatewayRef ?? '';

    const answer = await confirm(ref, await sessionOf(sub.userId));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ state: 'paid' });
    // Through the stand-in: the intent read, then confirmed on-session with the page to come back to.
    const confirmations = stripe.calls.filter((c) => c.path === `/v1/payment_intents/${intentId}/confirm`);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.body.get('return_url')).toBe(
      `https://portal.example.com/billing/complete/${ref}`,
    );

    const nextYear = addMonths(due, 12).toISOString();
    const paid = await state(sub.id, licence.id, email);
    expect(paid.sub).toMatchObject({ status: 'active', timesBilled: 2, failedAttempts: 0 });
    expect(paid.sub?.renewalAt.toISOString()).toBe(nextYear);
    expect(paid.licence?.expiresAt?.toISOString()).toBe(nextYear);
    expect(paid.attempts.map((a) => a.status)).toEqual(['succeeded']);
    expect({ orders: paid.orders, receipts: paid.receipts }).toEqual({ orders: 2, receipts: 1 });

    // Stripe's webhook for the same intent arrives: the charge is settled already, nothing applies twice.
    const succeeded = signedEvent('payment_intent.succeeded', {
      id: intentId,
      object: 'payment_intent',
      status: 'succeeded',
      metadata: { attempt_key: attempt?.idempotencyKey, subscription_id: String(sub.id) },
    });
    expect((await post(succeeded)).status).toBe(200);
    const after = await state(sub.id, licence.id, email);
    expect(after.sub).toMatchObject({ status: 'active', timesBilled: 2 });
    expect(after.sub?.renewalAt.toISOString()).toBe(nextYear);
    expect({ orders: after.orders, receipts: after.receipts }).toEqual({ orders: 2, receipts: 1 });

    // A second confirmation does not reach Stripe and changes nothing.
    const again = await confirm(ref, await sessionOf(sub.userId));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: completionTexts.alreadyPaid });
    expect(stripe.calls.filter((c) => c.path.startsWith(`/v1/payment_intents/${intentId}`))).toHaveLength(2);
  });

  it('sends the customer to the bank’s page when Stripe asks, and settles when they come back', async () => {
    const email = 'complete.redirect@example.com';
    const { sub, licence } = await dueSubscription(email, `${standInNeedsAuthentication}_3`);
    await runBilling(deps, due);
    const [attempt] = (await state(sub.id, licence.id, email)).attempts;
    const ref = attempt?.completionRef ?? '';
    const session = await sessionOf(sub.userId);

    stripe.redirectNextConfirm();
    const sent = await confirm(ref, session);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({
      state: 'redirect',
      redirect_url: `https://hooks.stripe.test/3d_secure_2/authenticate/${attempt?.gatewayRef}`,
    });
    expect((await state(sub.id, licence.id, email)).sub).toMatchObject({ status: 'failing', timesBilled: 1 });

    // They pass the bank's step and come back to the page, which confirms again: paid, once.
    stripe.authenticate(attempt?.gatewayRef ?? '');
    const back = await confirm(ref, session);
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ state: 'paid' });
    const paid = await state(sub.id, licence.id, email);
    expect(paid.sub).toMatchObject({ status: 'active', timesBilled: 2 });
    expect({ orders: paid.orders, receipts: paid.receipts }).toEqual({ orders: 2, receipts: 1 });
  });
});
