import { and, asc, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { formatDate } from '../../shared/format/dates';
import { OrderListSchema } from '../../shared/schemas/manager';
import { PurchaseListSchema } from '../../shared/schemas/purchases';
import { createSession } from '../auth/sessions';
import { billingAttempts, licences, paymentMethods, payments, subscriptions, users } from '../db/schema';
import { listOutbox } from '../mail/outbox';
import { setDefaultCard } from '../profile/cards';
import { addMonths } from '../subscriptions/periods';
import { createTestApp, signIn, type TestApp } from '../test-support/app';
import { billingDeps } from '../test-support/billing';
import { billingFor, buyer } from '../test-support/purchase';
import { type BillingDeps, dayMs } from './deps';
import { runBilling } from './run';
import { applyPaymentIntentEvent } from './stripe-events';

/*
 * Issue 27: subscriptions that bill. Time travel is the engine's injected clock: each run is given the
 * moment it runs "as of"; purchases are made now, and the runs look a year (or a month) ahead.
 */

let t: TestApp;
let shop: ReturnType<typeof buyer>;
let deps: BillingDeps;
const origin = 'https://portal.example.com';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: origin });
  shop = buyer(t);
  deps = billingDeps(t, origin, { retryDays: [1, 3, 5, 7], graceDays: 7 });
});
afterAll(() => t.close());

const mailsTo = async (email: string) =>
  (await listOutbox(t.handle.db, 1000)).filter((m) => m.to === email).reverse();

async function userIdOf(email: string): Promise<number> {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A session of the account behind `email`, as the portal holds one after its sign-in. */
async function sessionOf(email: string): Promise<string> {
  const { token } = await createSession(t.handle.db, t.config.session, await userIdOf(email), {
    ip: '127.0.0.1',
    userAgent: null,
  });
  return token;
}

/** The purchase history the portal shows the account behind `email`. */
async function historyOf(email: string) {
  return v.parse(
    PurchaseListSchema,
    await (await shop.get('/history', { session: await sessionOf(email) })).json(),
  );
}

/** A saved default card of the sandbox: `plain` pays, the others refuse as their test numbers do. */
async function saveCard(email: string, kind: 'plain' | 'declines' | 'authenticates', last4: string) {
  const userId = await userIdOf(email);
  await t.handle.db.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId));
  const prefix = kind === 'plain' ? 'sandbox_pm_' : `sandbox_pm_${kind}_`;
  await t.handle.db.insert(paymentMethods).values({
    userId,
    gateway: 'sandbox',
    gatewayRef: `${prefix}${email}-${last4}`,
    brand: 'visa',
    last4,
    expMonth: 12,
    expYear: 2035,
    isDefault: true,
  });
}

/** A guest buys one item with the sandbox card, then saves a card for the renewals. */
async function buy(
  email: string,
  item: Record<string, unknown>,
  card: 'plain' | 'declines' | 'authenticates',
) {
  const cart = await shop.addToCart(item);
  const info = await shop.pay({ cartToken: cart.cart_token }, email);
  await saveCard(email, card, card === 'plain' ? '4242' : card === 'declines' ? '0341' : '3184');
  const [licence] = await t.handle.db
    .select()
    .from(licences)
    .where(and(eq(licences.paymentId, info.id), isNull(licences.parentLicenceId)));
  if (!licence) throw new Error('no licence');
  const [sub] = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.licenceId, licence.id));
  if (!sub) throw new Error('no subscription');
  return { info, licence, sub };
}

const subNow = async (id: number) => {
  const [row] = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row as typeof subscriptions.$inferSelect;
};
const licenceNow = async (id: number) => {
  const [row] = await t.handle.db.select().from(licences).where(eq(licences.id, id));
  return row as typeof licences.$inferSelect;
};
const attemptsOf = (subscriptionId: number) =>
  t.handle.db
    .select()
    .from(billingAttempts)
    .where(eq(billingAttempts.subscriptionId, subscriptionId))
    .orderBy(asc(billingAttempts.id));
const yearly = { download_id: downloadIds.links, price_id: 1 };

describe('a yearly subscription at its renewal date', () => {
  it('is charged once, its licence extended a year, a renewal order in the history and a receipt mailed', async () => {
    const email = 'renew.yearly@example.com';
    const { licence, sub } = await buy(email, yearly, 'plain');
    expect(sub.recurringAmountCents).toBe(9900);

    // The day before: nothing is due.
    await runBilling(deps, new Date(sub.renewalAt.getTime() - dayMs));
    expect(await attemptsOf(sub.id)).toEqual([]);

    const first = await runBilling(deps, sub.renewalAt);
    expect(first.charged).toBeGreaterThanOrEqual(1);
    const again = await runBilling(deps, sub.renewalAt);
    expect(again).toMatchObject({ charged: 0, failed: 0 });

    const nextYear = addMonths(sub.renewalAt, 12);
    const after = await subNow(sub.id);
    expect(after).toMatchObject({ status: 'active', timesBilled: 2, failedAttempts: 0 });
    expect(after.renewalAt.toISOString()).toBe(nextYear.toISOString());
    expect((await licenceNow(licence.id)).expiresAt?.toISOString()).toBe(nextYear.toISOString());

    const attempts = await attemptsOf(sub.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      status: 'succeeded',
      amountCents: 9900,
      period: 2,
      try: 1,
      idempotencyKey: `renewal-${sub.id}-2-1`,
      gateway: 'sandbox',
    });
    expect(attempts[0]?.gatewayRef).toMatch(/^sandbox_pi_/);

    const [order] = await t.handle.db
      .select()
      .from(payments)
      .where(eq(payments.id, attempts[0]?.paymentId ?? 0));
    expect(order).toMatchObject({ status: 'complete', totalCents: 9900, email });
    expect(order?.completedAt?.toISOString()).toBe(sub.renewalAt.toISOString());

    const history = await historyOf(email);
    const renewal = history.find((p) => p.ID === order?.id);
    expect(renewal?.products[0]?.license).toMatchObject({ license_id: licence.id, license_key: licence.key });

    const receipts = (await mailsTo(email)).filter(
      (m) => m.subject === `Your receipt for order #${order?.number}`,
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('Total: $99.00');
    expect(receipts[0]?.text).toContain(licence.key);
  });

  it('is charged once when two runs race for it', async () => {
    const { sub } = await buy('renew.race@example.com', yearly, 'plain');
    await Promise.all([runBilling(deps, sub.renewalAt), runBilling(deps, sub.renewalAt)]);
    expect(await attemptsOf(sub.id)).toHaveLength(1);
    expect((await subNow(sub.id)).timesBilled).toBe(2);
    const orders = await t.handle.db
      .select()
      .from(payments)
      .where(eq(payments.email, 'renew.race@example.com'));
    expect(orders).toHaveLength(2);
  });
});

describe('a renewal charged by the engine', () => {
  it('is in the shop manager’s orders with its order number, and in the customer’s purchase history', async () => {
    const email = 'renew.listed@example.com';
    const { info, licence, sub } = await buy(email, yearly, 'plain');
    await runBilling(deps, sub.renewalAt);
    const [attempt] = await attemptsOf(sub.id);
    expect(attempt?.status).toBe('succeeded');
    const [renewal] = await t.handle.db
      .select()
      .from(payments)
      .where(eq(payments.id, attempt?.paymentId ?? 0));
    if (!renewal) throw new Error('no renewal order');
    expect(renewal.id).not.toBe(info.id);
    expect(renewal.number).toMatch(/^\d+$/);

    const manager = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const orders = async (search: string) => {
      const response = await shop.get(`/orders?search=${encodeURIComponent(search)}`, { session: manager });
      expect(response.status).toBe(200);
      return v.parse(OrderListSchema, await response.json()).orders;
    };
    const byNumber = (await orders(renewal.number)).filter((o) => o.ID === renewal.id);
    expect(byNumber).toEqual([
      expect.objectContaining({
        ID: renewal.id,
        number: renewal.number,
        email,
        status: 'complete',
        total: 99,
        products: [expect.objectContaining({ name: 'Links Plugin' })],
      }),
    ]);
    // Listed with the first purchase under the customer's e-mail: two orders, two numbers.
    const byEmail = await orders(email);
    expect(byEmail.map((o) => o.ID).sort((a, b) => a - b)).toEqual(
      [info.id, renewal.id].sort((a, b) => a - b),
    );
    expect(new Set(byEmail.map((o) => o.number)).size).toBe(2);

    const history = await historyOf(email);
    expect(history.map((p) => p.ID).sort((a, b) => a - b)).toEqual(
      [info.id, renewal.id].sort((a, b) => a - b),
    );
    const inHistory = history.find((p) => p.ID === renewal.id);
    expect(inHistory).toMatchObject({ number: renewal.number, status: 'complete', total: 99, email });
    expect(inHistory?.products[0]?.license).toMatchObject({
      license_id: licence.id,
      license_key: licence.key,
    });
  });
});

describe('a declined card', () => {
  it('is retried on days 1, 3, 5 and 7 with a mail each time, then the subscription and the licence expire', async () => {
    const email = 'renew.declined@example.com';
    const { licence, sub } = await buy(email, yearly, 'declines');
    const day = (n: number) => new Date(sub.renewalAt.getTime() + n * dayMs);

    await runBilling(deps, day(0));
    let now = await subNow(sub.id);
    expect(now).toMatchObject({ status: 'failing', failedAttempts: 1 });
    expect(now.nextAttemptAt?.toISOString()).toBe(day(1).toISOString());
    // The licence keeps working through the retries, up to the grace period.
    expect((await licenceNow(licence.id)).expiresAt?.toISOString()).toBe(day(7).toISOString());

    // Between two retries nothing is tried.
    await runBilling(deps, day(2));
    expect(await attemptsOf(sub.id)).toHaveLength(2);

    for (const n of [3, 5]) await runBilling(deps, day(n));
    now = await subNow(sub.id);
    expect(now).toMatchObject({ status: 'failing', failedAttempts: 4 });
    expect(now.nextAttemptAt?.toISOString()).toBe(day(7).toISOString());

    await runBilling(deps, day(7));
    now = await subNow(sub.id);
    expect(now).toMatchObject({ status: 'expired', failedAttempts: 5, timesBilled: 1 });
    const attempts = await attemptsOf(sub.id);
    expect(attempts.map((a) => [a.try, a.status, a.declineReason])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [n, 'failed', 'card_declined']),
    );
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(5);
    expect((await licenceNow(licence.id)).expiresAt?.toISOString()).toBe(day(7).toISOString());

    const failures = (await mailsTo(email)).filter(
      (m) => m.subject === 'Your renewal payment for Links Plugin failed',
    );
    expect(failures).toHaveLength(5);
    expect(failures[0]?.text).toContain('We could not charge $99.00 to your card');
    expect(failures[0]?.text).toContain(`${origin}/user/profile?tab=billing`);
    expect(failures[4]?.text).toContain('This was the last try');

    // Nothing more after the end.
    await runBilling(deps, day(400));
    expect(await attemptsOf(sub.id)).toHaveLength(5);
  });

  it('follows the configured schedule: retries on days 2 and 4, then expires with no grace', async () => {
    const email = 'renew.schedule@example.com';
    const { licence, sub } = await buy(email, yearly, 'declines');
    const day = (n: number) => new Date(sub.renewalAt.getTime() + n * dayMs);
    const custom = billingDeps(t, origin, { retryDays: [2, 4], graceDays: 0 });

    await runBilling(custom, day(0));
    expect((await subNow(sub.id)).nextAttemptAt?.toISOString()).toBe(day(2).toISOString());
    await runBilling(custom, day(1));
    expect(await attemptsOf(sub.id)).toHaveLength(1);
    await runBilling(custom, day(2));
    expect((await subNow(sub.id)).nextAttemptAt?.toISOString()).toBe(day(4).toISOString());
    await runBilling(custom, day(4));
    expect(await subNow(sub.id)).toMatchObject({ status: 'expired', failedAttempts: 3 });
    // No grace period: the licence ended at its own date, the renewal date.
    expect((await licenceNow(licence.id)).expiresAt?.toISOString()).toBe(day(0).toISOString());
  });

  it('a new default card mid-schedule pays at once, without waiting for the next retry', async () => {
    const email = 'renew.newcard@example.com';
    const { licence, sub } = await buy(email, yearly, 'declines');
    const day = (n: number) => new Date(sub.renewalAt.getTime() + n * dayMs);
    await runBilling(deps, day(0));
    await runBilling(deps, day(1));
    expect(await subNow(sub.id)).toMatchObject({ status: 'failing', failedAttempts: 2 });

    // On day 2 (the next retry is day 3) the customer adds a card and makes it the default.
    const userId = await userIdOf(email);
    await t.handle.db.insert(paymentMethods).values({
      userId,
      gateway: 'sandbox',
      gatewayRef: 'sandbox_pm_newcard',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 1,
      expYear: 2036,
    });
    expect(await setDefaultCard(t.handle.db, deps.cards, userId, 'sandbox_pm_newcard', day(2))).toBe(1);
    await runBilling(deps, day(2));

    const paid = await subNow(sub.id);
    expect(paid).toMatchObject({ status: 'active', failedAttempts: 0, timesBilled: 2 });
    // The year paid for starts at the renewal date, not at the late payment.
    expect(paid.renewalAt.toISOString()).toBe(addMonths(sub.renewalAt, 12).toISOString());
    expect((await licenceNow(licence.id)).expiresAt?.toISOString()).toBe(paid.renewalAt.toISOString());
    expect((await attemptsOf(sub.id)).map((a) => a.status)).toEqual(['failed', 'failed', 'succeeded']);
  });

  it('a card that needs the customer (3-D Secure) mails a link to complete the payment', async () => {
    const email = 'renew.threeds@example.com';
    const { sub } = await buy(email, yearly, 'authenticates');
    await runBilling(deps, sub.renewalAt);
    const [attempt] = await attemptsOf(sub.id);
    expect(attempt).toMatchObject({ status: 'requires_action', declineReason: 'authentication_required' });
    const [confirm] = (await mailsTo(email)).filter((m) =>
      m.subject.startsWith('Confirm your renewal payment'),
    );
    expect(confirm?.text).toContain(
      'Your bank asks you to confirm the $99.00 renewal payment for Links Plugin.',
    );
    expect(await subNow(sub.id)).toMatchObject({ status: 'failing', failedAttempts: 1 });

    // The customer completes it: Stripe's webhook settles the same attempt, once however often it comes.
    const event = (type: string) =>
      ({
        type,
        data: { object: { id: attempt?.gatewayRef, metadata: { attempt_key: attempt?.idempotencyKey } } },
      }) as unknown as Stripe.Event;
    const at = new Date(sub.renewalAt.getTime() + 3_600_000);
    expect(await applyPaymentIntentEvent(deps, event('payment_intent.succeeded'), at)).toMatchObject({
      kind: 'paid',
    });
    expect(await applyPaymentIntentEvent(deps, event('payment_intent.succeeded'), at)).toBeNull();
    expect(await applyPaymentIntentEvent(deps, event('payment_intent.payment_failed'), at)).toBeNull();
    expect(await subNow(sub.id)).toMatchObject({ status: 'active', failedAttempts: 0, timesBilled: 2 });
    expect((await attemptsOf(sub.id)).map((a) => a.status)).toEqual(['succeeded']);
    const orders = await t.handle.db.select().from(payments).where(eq(payments.email, email));
    expect(orders).toHaveLength(2);
    // The engine's next retry finds the period paid: nothing more is charged.
    await runBilling(deps, new Date(sub.renewalAt.getTime() + 7 * dayMs));
    expect(await attemptsOf(sub.id)).toHaveLength(1);
  });
});

describe('cancel and reactivate', () => {
  it('a cancelled subscription is not charged and ends at its period end', async () => {
    const { sub } = await buy('renew.cancelled@example.com', yearly, 'plain');
    await t.handle.db.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, sub.id));
    await runBilling(deps, sub.renewalAt);
    expect(await attemptsOf(sub.id)).toEqual([]);
    expect(await subNow(sub.id)).toMatchObject({ status: 'expired', timesBilled: 1 });
  });
});

/** A guest buys one item through PayPal (the sandbox's approve): no card, it renews by link only. */
async function buyWithPaypal(email: string, item: Record<string, unknown>) {
  const cart = await shop.addToCart(item);
  const placed = await shop.call(
    '/purchase',
    { ...billingFor(email), edd_gateway: 'paypalexpress', 'edd-gateway': 'paypalexpress' },
    { cartToken: cart.cart_token },
  );
  expect(placed.status).toBe(200);
  const { url, payment_id } = (await placed.json()) as { url: string; payment_id: number };
  const approved = await t.app.request(new URL(url).pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'approve' }).toString(),
  });
  expect(approved.status).toBe(303);
  const [licence] = await t.handle.db
    .select()
    .from(licences)
    .where(and(eq(licences.paymentId, payment_id), isNull(licences.parentLicenceId)));
  if (!licence) throw new Error('no licence');
  const [sub] = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.licenceId, licence.id));
  if (!sub) throw new Error('no subscription');
  return { licence, sub };
}

describe('a subscription that renews by link only (PayPal)', () => {
  it('is never charged, and expires after its date plus the grace period; its licence expired at its date', async () => {
    const email = 'paypal.lapsed@example.com';
    const { licence, sub } = await buyWithPaypal(email, yearly);
    expect(sub.status).toBe('active');
    const day = (n: number) => new Date(sub.renewalAt.getTime() + n * dayMs);

    // At its date and through the grace period: nothing charged, still active (the link can renew it).
    await runBilling(deps, day(0));
    await runBilling(deps, day(6));
    expect(await attemptsOf(sub.id)).toEqual([]);
    expect(await subNow(sub.id)).toMatchObject({ status: 'active', timesBilled: 1 });

    const summary = await runBilling(deps, day(7));
    expect(summary.expired).toBeGreaterThanOrEqual(1);
    expect(await subNow(sub.id)).toMatchObject({ status: 'expired', timesBilled: 1 });
    expect(await attemptsOf(sub.id)).toEqual([]);
    // The licence is not extended by the grace: it expired at its date.
    expect((await licenceNow(licence.id)).expiresAt?.toISOString()).toBe(sub.renewalAt.toISOString());

    // The customer sees it expired.
    const token = await sessionOf(email);
    const listed = (await (await shop.get('/subscriptions', { session: token })).json()) as {
      ID: number;
      status: string;
    }[];
    expect(listed.find((s) => s.ID === sub.id)?.status).toBe('expired');
  });

  it('renewed through the renewal link before then, stays active with the new date', async () => {
    const email = 'paypal.renewed@example.com';
    const { licence, sub } = await buyWithPaypal(email, yearly);
    const token = await sessionOf(email);
    await shop.addToCart(
      { action: 'renew', license: licence.key, download_id: downloadIds.links, price_id: 1 },
      { session: token },
    );
    await shop.pay({ session: token }, email);
    const nextYear = addMonths(sub.renewalAt, 12);
    expect((await subNow(sub.id)).renewalAt.toISOString()).toBe(nextYear.toISOString());

    // The old date plus the grace period: nothing expires, nothing is charged.
    await runBilling(deps, new Date(sub.renewalAt.getTime() + 8 * dayMs));
    expect(await subNow(sub.id)).toMatchObject({ status: 'active', timesBilled: 2 });
    expect((await licenceNow(licence.id)).expiresAt?.toISOString()).toBe(nextYear.toISOString());
    expect(await attemptsOf(sub.id)).toEqual([]);

    // Not renewed again: it expires after the new date plus the grace period.
    await runBilling(deps, new Date(nextYear.getTime() + 6 * dayMs));
    expect((await subNow(sub.id)).status).toBe('active');
    await runBilling(deps, new Date(nextYear.getTime() + 7 * dayMs));
    expect((await subNow(sub.id)).status).toBe('expired');
  });
});

describe('reminders and expiry notices', () => {
  it('mails a yearly renewal’s reminders 30 and 7 days before, with the amount, the date and the links', async () => {
    const email = 'remind.yearly@example.com';
    const { sub } = await buy(email, yearly, 'plain');
    const daysBefore = (n: number) => new Date(sub.renewalAt.getTime() - n * dayMs);
    const subject = `Your Links Plugin subscription renews on ${formatDate(sub.renewalAt.toISOString())}`;
    const reminders = async () => (await mailsTo(email)).filter((m) => m.subject === subject);

    await runBilling(deps, daysBefore(31));
    expect(await reminders()).toHaveLength(0);
    await runBilling(deps, daysBefore(30));
    await runBilling(deps, daysBefore(29));
    expect(await reminders()).toHaveLength(1);
    await runBilling(deps, daysBefore(7));
    await runBilling(deps, daysBefore(7));
    const sent = await reminders();
    expect(sent).toHaveLength(2);
    expect(sent[0]?.text).toContain('$99.00 will be charged to your default card');
    expect(sent[0]?.text).toContain(`${origin}/user/subscription`);
    expect(sent[0]?.text).toContain(`${origin}/user/profile?tab=billing`);
  });

  it('a licence no subscription renews gets notices 30 days before, on the day and 7 days after', async () => {
    const email = 'remind.expiry@example.com';
    const { licence, sub } = await buy(email, yearly, 'plain');
    await t.handle.db.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, sub.id));
    const expiresAt = licence.expiresAt as Date;
    const at = (n: number) => new Date(expiresAt.getTime() + n * dayMs);
    for (const n of [-30, -20, 0, 1, 7, 8, 30]) await runBilling(deps, at(n));
    const date = formatDate(expiresAt.toISOString());
    const notices = (await mailsTo(email)).filter((m) => m.subject.startsWith('Your Links Plugin licence'));
    expect(notices.map((m) => m.subject)).toEqual([
      `Your Links Plugin licence expires on ${date}`,
      'Your Links Plugin licence expires today',
      `Your Links Plugin licence expired on ${date}`,
    ]);
    expect(notices[0]?.text).toContain(
      `${origin}/checkout?action=renew&license=${licence.key}&download_id=${downloadIds.links}&price_id=1`,
    );
  });
});

describe('expiry notices of an active PayPal subscription (renews by link)', () => {
  it('mails 30 days before, on the day and 7 days after, each once with the renewal link, and no card reminder', async () => {
    const email = 'remind.paypal@example.com';
    const { licence, sub } = await buyWithPaypal(email, yearly);
    expect(sub.status).toBe('active');
    const expiresAt = licence.expiresAt as Date;
    expect(expiresAt.toISOString()).toBe(sub.renewalAt.toISOString());
    const at = (n: number) => new Date(expiresAt.getTime() + n * dayMs);
    const notices = async () =>
      (await mailsTo(email)).filter((m) => m.subject.startsWith('Your Links Plugin licence'));

    await runBilling(deps, at(-31));
    expect(await notices()).toEqual([]);
    // Each day twice (as two runs or a rerun would): one mail per notice.
    for (const n of [-30, -30, -29, -7, -1, 0, 0, 1, 6, 7, 7, 8, 30]) await runBilling(deps, at(n));
    const date = formatDate(expiresAt.toISOString());
    const sent = await notices();
    expect(sent.map((m) => m.subject)).toEqual([
      `Your Links Plugin licence expires on ${date}`,
      'Your Links Plugin licence expires today',
      `Your Links Plugin licence expired on ${date}`,
    ]);
    const link = `${origin}/checkout?action=renew&license=${licence.key}&download_id=${downloadIds.links}&price_id=1`;
    expect(sent.map((m) => m.text)).toEqual([
      `Your Links Plugin licence expires on ${date}. Renew it to keep updates and support: ${link}`,
      `Your Links Plugin licence expires today. Renew it to keep updates and support: ${link}`,
      `Your Links Plugin licence expired on ${date}. Renew it to keep updates and support: ${link}`,
    ]);
    // PayPal has no card to charge: no card reminder, no charge.
    const all = await mailsTo(email);
    expect(all.filter((m) => m.subject.includes('subscription renews on'))).toEqual([]);
    expect(all.some((m) => m.text.includes('will be charged'))).toBe(false);
    expect(await attemptsOf(sub.id)).toEqual([]);
  });
});

describe('an instalment plan of 6', () => {
  it('collects 6 payments a month apart, then completes with a lifetime licence', async () => {
    const email = 'plan.billed@example.com';
    const { licence, sub } = await buy(
      email,
      { download_id: downloadIds.agencyBundle, price_id: 4, splitPayment: true },
      'plain',
    );
    expect(sub).toMatchObject({ billTimes: 6, timesBilled: 1, recurringAmountCents: 16650 });
    for (let month = 1; month <= 5; month += 1) {
      await runBilling(deps, addMonths(sub.createdAt, month));
      const now = await subNow(sub.id);
      expect(now.timesBilled).toBe(month + 1);
    }
    const done = await subNow(sub.id);
    expect(done.status).toBe('completed');
    expect((await licenceNow(licence.id)).expiresAt).toBeNull();
    const attempts = await attemptsOf(sub.id);
    expect(attempts.map((a) => [a.period, a.amountCents, a.status])).toEqual(
      [2, 3, 4, 5, 6].map((p) => [p, 16650, 'succeeded']),
    );
    // 6 × $166.50 = $999.00, the bundle's price; nothing after the last.
    await runBilling(deps, addMonths(sub.createdAt, 24));
    expect(await attemptsOf(sub.id)).toHaveLength(5);
  });
});
