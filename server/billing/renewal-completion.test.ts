import { Script } from 'node:vm';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { formatDate } from '../../shared/format/dates';
import { createSession } from '../auth/sessions';
import {
  billingAttempts,
  licences,
  mailQueue,
  paymentMethods,
  payments,
  subscriptions,
  users,
} from '../db/schema';
import { listOutbox } from '../mail/outbox';
import { addMonths } from '../subscriptions/periods';
import { createTestApp, type TestApp } from '../test-support/app';
import { billingDeps } from '../test-support/billing';
import { buyer } from '../test-support/purchase';
import { completionTexts } from './complete';
import { type BillingDeps, dayMs } from './deps';
import { runBilling } from './run';

/*
 * Issue 27: a renewal charge the bank wants the customer for (the sandbox's 3-D Secure test card). The
 * mail links to the completion page of that one charge; there the signed-in owner confirms it and it
 * settles as a paid renewal does, once. Another customer, a second confirmation, or a period already
 * paid change nothing and say why.
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

async function userIdOf(email: string): Promise<number> {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function sessionOf(email: string): Promise<string> {
  const { token } = await createSession(t.handle.db, t.config.session, await userIdOf(email), {
    ip: '127.0.0.1',
    userAgent: null,
  });
  return token;
}

async function saveCard(email: string, ref: string) {
  const userId = await userIdOf(email);
  await t.handle.db.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId));
  await t.handle.db.insert(paymentMethods).values({
    userId,
    gateway: 'sandbox',
    gatewayRef: ref,
    brand: 'visa',
    last4: ref.includes('authenticates') ? '3184' : '4242',
    expMonth: 12,
    expYear: 2035,
    isDefault: true,
  });
}

/** A yearly purchase whose saved card asks for 3-D Secure, charged at its renewal date. */
async function waitingRenewal(email: string) {
  const cart = await shop.addToCart({ download_id: downloadIds.links, price_id: 1 });
  const info = await shop.pay({ cartToken: cart.cart_token }, email);
  await saveCard(email, `sandbox_pm_authenticates_${email}`);
  const [licence] = await t.handle.db
    .select()
    .from(licences)
    .where(and(eq(licences.paymentId, info.id), isNull(licences.parentLicenceId)));
  const [sub] = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.paymentId, info.id));
  if (!licence || !sub) throw new Error('no licence or subscription');
  await runBilling(deps, sub.renewalAt);
  const [attempt] = await attemptsOf(sub.id);
  if (!attempt?.completionRef) throw new Error('no completion reference');
  return { licence, sub, attempt, ref: attempt.completionRef };
}

const attemptsOf = (subscriptionId: number) =>
  t.handle.db
    .select()
    .from(billingAttempts)
    .where(eq(billingAttempts.subscriptionId, subscriptionId))
    .orderBy(asc(billingAttempts.id));

const mailsTo = async (email: string) =>
  (await listOutbox(t.handle.db, 1000)).filter((m) => m.to === email).reverse();

const api = (ref: string, method: 'GET' | 'POST', session?: string) =>
  t.app.request(`/api/v1/renewal-payments/${ref}`, {
    method,
    headers: { Accept: 'application/json', ...(session ? { 'X-WP-Nonce': session } : {}) },
  });

/** What a confirmation may change: the subscription, the licence, the attempts, orders and receipts. */
async function state(subscriptionId: number, licenceId: number, email: string) {
  const [sub] = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  const [licence] = await t.handle.db.select().from(licences).where(eq(licences.id, licenceId));
  const orders = await t.handle.db.select().from(payments).where(eq(payments.email, email));
  const receipts = (await mailsTo(email)).filter((m) => m.subject.startsWith('Your receipt for order #'));
  return {
    status: sub?.status,
    timesBilled: sub?.timesBilled,
    renewalAt: sub?.renewalAt.toISOString(),
    licenceExpiresAt: licence?.expiresAt?.toISOString(),
    attempts: (await attemptsOf(subscriptionId)).map((a) => a.status),
    orders: orders.length,
    receipts: receipts.length,
  };
}

describe('a renewal charge waiting for 3-D Secure (sandbox)', () => {
  it('mails the link of its completion page, where only the signed-in owner sees and confirms it, once', async () => {
    const email = 'complete.owner@example.com';
    const { licence, sub, ref } = await waitingRenewal(email);
    expect(ref).toMatch(/^[\w-]{32}$/);

    // The mail links to this charge's page, not to the subscriptions list.
    const [mail] = (await mailsTo(email)).filter((m) => m.subject.startsWith('Confirm your renewal payment'));
    expect(mail?.text).toContain(`Sign in and complete the payment: ${origin}/billing/complete/${ref}`);

    // The page itself shows nothing of the charge: its script asks the API with the sign-in token.
    const page = await t.app.request(`/billing/complete/${ref}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Complete your renewal payment</h1>');
    expect(html).toContain('<script type="module" src="/billing/complete.js"></script>');
    expect(html).not.toContain('Links Plugin');
    const script = await t.app.request('/billing/complete.js');
    expect(script.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    const source = await script.text();
    expect(() => new Script(source)).not.toThrow();
    expect(source).toContain("'X-WP-Nonce'");
    expect(source).toContain('"access_token"');

    const waiting = await state(sub.id, licence.id, email);
    expect(waiting).toMatchObject({ status: 'failing', timesBilled: 1, attempts: ['requires_action'] });

    // Without a sign-in, or signed in as someone else: nothing is shown, nothing changes.
    expect((await api(ref, 'GET')).status).toBe(401);
    expect((await api(ref, 'POST')).status).toBe(401);
    const stranger = await sessionOf('customer@example.com');
    const refused = await api(ref, 'POST', stranger);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ message: completionTexts.notFound });
    expect((await api(ref, 'GET', stranger)).status).toBe(404);
    expect(await state(sub.id, licence.id, email)).toEqual(waiting);

    const session = await sessionOf(email);
    const shown = await api(ref, 'GET', session);
    expect(await shown.json()).toEqual({
      product: 'Links Plugin',
      amount: '$99.00',
      state: 'waiting',
      message: null,
    });

    // The owner confirms: paid as a renewal is, in one go.
    const confirmed = await api(ref, 'POST', session);
    expect(confirmed.status).toBe(200);
    const nextYear = addMonths(sub.renewalAt, 12);
    expect(await confirmed.json()).toEqual({
      state: 'paid',
      message: `Payment complete: your Links Plugin subscription is renewed until ${formatDate(nextYear.toISOString())}.`,
      renewal_date: nextYear.toISOString(),
    });
    const paid = await state(sub.id, licence.id, email);
    expect(paid).toEqual({
      status: 'active',
      timesBilled: 2,
      renewalAt: nextYear.toISOString(),
      licenceExpiresAt: nextYear.toISOString(),
      attempts: ['succeeded'],
      orders: 2,
      receipts: 2,
    });
    const [attempt] = await attemptsOf(sub.id);
    const [order] = await t.handle.db
      .select()
      .from(payments)
      .where(eq(payments.id, attempt?.paymentId ?? 0));
    expect(order).toMatchObject({ status: 'complete', totalCents: 9900, transactionId: attempt?.gatewayRef });
    const receipt = (await mailsTo(email)).find(
      (m) => m.subject === `Your receipt for order #${order?.number}`,
    );
    expect(receipt?.text).toContain('Total: $99.00');
    const [queued] = await t.handle.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.subject, `Your receipt for order #${order?.number}`));
    expect(queued?.sentAt).not.toBeNull();

    // A second confirmation changes nothing and says so; the page shows it paid.
    const again = await api(ref, 'POST', session);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: completionTexts.alreadyPaid });
    expect(await (await api(ref, 'GET', session)).json()).toMatchObject({
      state: 'paid',
      message: completionTexts.alreadyPaid,
    });
    expect(await state(sub.id, licence.id, email)).toEqual(paid);

    // Nor does the engine charge the period again at its next retry.
    await runBilling(deps, new Date(sub.renewalAt.getTime() + dayMs));
    expect(await state(sub.id, licence.id, email)).toEqual(paid);
  });

  it('two confirmations at once pay once', async () => {
    const email = 'complete.race@example.com';
    const { licence, sub, ref } = await waitingRenewal(email);
    const session = await sessionOf(email);
    const answers = await Promise.all([api(ref, 'POST', session), api(ref, 'POST', session)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await state(sub.id, licence.id, email)).toMatchObject({
      timesBilled: 2,
      attempts: ['succeeded'],
      orders: 2,
      receipts: 2,
    });
  });

  it('a period another charge paid meanwhile is not charged again', async () => {
    const email = 'complete.settled@example.com';
    const { licence, sub, ref } = await waitingRenewal(email);
    // The customer saves a card that pays; the engine's retry on day 1 pays the period with it.
    await saveCard(email, `sandbox_pm_${email}-plain`);
    await runBilling(deps, new Date(sub.renewalAt.getTime() + dayMs));
    const paid = await state(sub.id, licence.id, email);
    expect(paid).toMatchObject({
      status: 'active',
      timesBilled: 2,
      attempts: ['requires_action', 'succeeded'],
    });

    const session = await sessionOf(email);
    expect(await (await api(ref, 'GET', session)).json()).toMatchObject({
      state: 'closed',
      message: completionTexts.periodPaid,
    });
    const late = await api(ref, 'POST', session);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: completionTexts.periodPaid });
    expect(await state(sub.id, licence.id, email)).toEqual(paid);
  });
});

describe('the completion page in a browser (its script over the API)', () => {
  /** The page at its address with `token` stored as the portal stores it, its calls going to the app. */
  async function openPage(ref: string, token: string | null) {
    const window = new Window({ url: `${origin}/billing/complete/${ref}` });
    const html = await (await t.app.request(`/billing/complete/${ref}`)).text();
    window.document.body.innerHTML = /<main>[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
    if (token) window.localStorage.setItem('access_token', token);
    const fetch = (url: string, init: RequestInit) => t.app.request(url, init);
    Object.assign(window, { fetch });
    window.eval(await (await t.app.request('/billing/complete.js')).text());
    const text = (id: string) => window.document.getElementById(id)?.textContent ?? '';
    const hidden = (id: string) => (window.document.getElementById(id) as unknown as HTMLElement).hidden;
    const click = () => (window.document.getElementById('confirm') as unknown as HTMLElement).click();
    return { window, text, hidden, click };
  }

  it('shows the owner the charge and its confirmation; asks anyone signed out to sign in; tells a stranger nothing', async () => {
    const email = 'complete.page@example.com';
    const { licence, sub, ref } = await waitingRenewal(email);

    const signedOut = await openPage(ref, null);
    await vi.waitFor(() => expect(signedOut.text('details')).toContain('Sign in to your account'));
    expect(signedOut.hidden('confirm')).toBe(true);
    // Sign-in brings the customer back to this page.
    expect(signedOut.window.document.getElementById('account')?.getAttribute('href')).toBe(
      `/auth/sign-in?redirect=${encodeURIComponent(`/billing/complete/${ref}`)}`,
    );

    const stranger = await openPage(ref, await sessionOf('customer@example.com'));
    await vi.waitFor(() => expect(stranger.text('result')).toBe(completionTexts.notFound));
    expect(stranger.text('details')).toBe('');
    expect(stranger.hidden('confirm')).toBe(true);

    const owner = await openPage(ref, await sessionOf(email));
    await vi.waitFor(() => expect(owner.text('details')).toBe('Links Plugin: renewal payment of $99.00.'));
    expect(owner.hidden('confirm')).toBe(false);
    owner.click();
    const nextYear = addMonths(sub.renewalAt, 12);
    await vi.waitFor(() =>
      expect(owner.text('result')).toBe(
        `Payment complete: your Links Plugin subscription is renewed until ${formatDate(nextYear.toISOString())}.`,
      ),
    );
    expect(owner.hidden('confirm')).toBe(true);
    expect(await state(sub.id, licence.id, email)).toMatchObject({
      status: 'active',
      timesBilled: 2,
      orders: 2,
    });

    // Opened again: already paid, no button.
    const later = await openPage(ref, await sessionOf(email));
    await vi.waitFor(() => expect(later.text('result')).toBe(completionTexts.alreadyPaid));
    expect(later.hidden('confirm')).toBe(true);
    for (const page of [signedOut, stranger, owner, later]) await page.window.happyDOM.close();
  });
});
