import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { PurchaseResponseSchema } from '../../shared/schemas/checkout';
import { createSession } from '../auth/sessions';
import { billingAttempts, licences, payments, subscriptions, users } from '../db/schema';
import { listOutbox } from '../mail/outbox';
import { addMonths } from '../subscriptions/periods';
import { createTestApp, type TestApp } from '../test-support/app';
import { billingDeps } from '../test-support/billing';
import { billingFor, buyer } from '../test-support/purchase';
import { type BillingDeps, dayMs } from './deps';
import { runBilling } from './run';

/*
 * Issue 27: cancel takes effect at the period end (nothing charged, the subscription expires then),
 * reactivating before the end resumes billing, and a cancelled subscription that renews by link (PayPal)
 * expires at its date too. Cancel and reactivate go through `POST /api/v1/subscriptions` as the portal
 * sends them; the billing runs travel in time.
 */

let t: TestApp;
let shop: ReturnType<typeof buyer>;
let deps: BillingDeps;
const origin = 'https://portal.example.com';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: origin });
  shop = buyer(t);
  deps = billingDeps(t, origin);
});
afterAll(() => t.close());

const yearly = { download_id: downloadIds.links, price_id: 1 };

async function sessionOf(email: string): Promise<string> {
  const [user] = await t.handle.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const { token } = await createSession(t.handle.db, t.config.session, user.id, {
    ip: '127.0.0.1',
    userAgent: null,
  });
  return token;
}

async function purchased(paymentId: number) {
  const [licence] = await t.handle.db
    .select()
    .from(licences)
    .where(and(eq(licences.paymentId, paymentId), isNull(licences.parentLicenceId)));
  const [sub] = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.paymentId, paymentId));
  if (!licence || !sub) throw new Error('no licence or subscription');
  return { licence, sub };
}

/** A guest buys the yearly Links licence with the sandbox card (which saves it for the renewals). */
async function buyWithCard(email: string) {
  const cart = await shop.addToCart(yearly);
  const info = await shop.pay({ cartToken: cart.cart_token }, email);
  return { ...(await purchased(info.id)), token: await sessionOf(email) };
}

/** A guest buys it through the PayPal sandbox page: no card, it renews by link. */
async function buyWithPaypal(email: string) {
  const cart = await shop.addToCart(yearly);
  const started = await shop.call(
    '/purchase',
    { ...billingFor(email), edd_gateway: 'paypalexpress', payment_mode: 'paypalexpress' },
    { cartToken: cart.cart_token },
  );
  expect(started.status, await started.clone().text()).toBe(200);
  const { url, payment_id } = v.parse(PurchaseResponseSchema, await started.json());
  const approved = await t.app.request(new URL(url).pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'approve' }).toString(),
  });
  expect(approved.status).toBe(303);
  return { ...(await purchased(payment_id)), token: await sessionOf(email) };
}

async function change(token: string, id: number, type: 'cancel' | 'reactivate') {
  const response = await shop.call('/subscriptions', { id, type }, { session: token });
  return { status: response.status, body: (await response.json()) as { subscription?: { status: string } } };
}

const subNow = async (id: number) => {
  const [row] = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row as typeof subscriptions.$inferSelect;
};
const licenceNow = async (id: number) => {
  const [row] = await t.handle.db.select().from(licences).where(eq(licences.id, id));
  return row as typeof licences.$inferSelect;
};
const attemptsOf = (id: number) =>
  t.handle.db.select().from(billingAttempts).where(eq(billingAttempts.subscriptionId, id));
const ordersOf = (email: string) => t.handle.db.select().from(payments).where(eq(payments.email, email));

describe('cancel', () => {
  it('takes effect at the period end: no reminder, no charge, expired at the date, the licence ends then', async () => {
    const email = 'cancel.period-end@example.com';
    const { sub, licence, token } = await buyWithCard(email);
    expect((await change(token, sub.id, 'cancel')).body.subscription?.status).toBe('cancelled');

    // Until the period end the licence works and nothing is billed; no renewal reminder goes out.
    await runBilling(deps, new Date(sub.renewalAt.getTime() - 7 * dayMs));
    await runBilling(deps, new Date(sub.renewalAt.getTime() - 1));
    expect(await subNow(sub.id)).toMatchObject({ status: 'cancelled', timesBilled: 1 });
    const mails = (await listOutbox(t.handle.db, 1000)).filter((m) => m.to === email);
    expect(mails.filter((m) => m.subject.includes('subscription renews on'))).toEqual([]);

    await runBilling(deps, sub.renewalAt);
    await runBilling(deps, addMonths(sub.renewalAt, 12));
    expect(await attemptsOf(sub.id)).toEqual([]);
    expect(await ordersOf(email)).toHaveLength(1);
    expect(await subNow(sub.id)).toMatchObject({ status: 'expired', timesBilled: 1 });
    expect((await licenceNow(licence.id)).expiresAt?.toISOString()).toBe(sub.renewalAt.toISOString());
    // Ended, it can no longer be reactivated.
    expect((await change(token, sub.id, 'reactivate')).status).toBe(409);
  });
});

describe('reactivate before the period end', () => {
  it('resumes billing: the renewal is charged at its date and the licence extended a year', async () => {
    const email = 'reactivate.resumes@example.com';
    const { sub, licence, token } = await buyWithCard(email);
    expect((await change(token, sub.id, 'cancel')).status).toBe(200);
    await runBilling(deps, new Date(sub.renewalAt.getTime() - dayMs));
    expect(await subNow(sub.id)).toMatchObject({ status: 'cancelled' });

    expect((await change(token, sub.id, 'reactivate')).body.subscription?.status).toBe('active');
    await runBilling(deps, sub.renewalAt);

    const nextYear = addMonths(sub.renewalAt, 12).toISOString();
    const after = await subNow(sub.id);
    expect(after).toMatchObject({ status: 'active', timesBilled: 2 });
    expect(after.renewalAt.toISOString()).toBe(nextYear);
    expect((await licenceNow(licence.id)).expiresAt?.toISOString()).toBe(nextYear);
    expect((await attemptsOf(sub.id)).map((a) => [a.status, a.amountCents])).toEqual([['succeeded', 9900]]);
    expect(await ordersOf(email)).toHaveLength(2);
  });
});

describe('a subscription that renews by link (PayPal)', () => {
  it('is never charged; cancelled, it expires at its date', async () => {
    const email = 'paypal.cancelled@example.com';
    const { sub, token } = await buyWithPaypal(email);
    expect((await change(token, sub.id, 'cancel')).status).toBe(200);

    await runBilling(deps, new Date(sub.renewalAt.getTime() - dayMs));
    expect(await subNow(sub.id)).toMatchObject({ status: 'cancelled' });
    await runBilling(deps, sub.renewalAt);
    expect(await subNow(sub.id)).toMatchObject({ status: 'expired', timesBilled: 1 });
    expect(await attemptsOf(sub.id)).toEqual([]);
    expect(await ordersOf(email)).toHaveLength(1);
  });

  it('active, is not charged at its date: it waits for the renewal link', async () => {
    const email = 'paypal.active@example.com';
    const { sub } = await buyWithPaypal(email);
    await runBilling(deps, sub.renewalAt);
    expect(await attemptsOf(sub.id)).toEqual([]);
    expect(await ordersOf(email)).toHaveLength(1);
  });
});
