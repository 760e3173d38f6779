import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { PurchaseResponseSchema } from '../../shared/schemas/checkout';
import { ProfileSchema } from '../../shared/schemas/profile';
import { createSession } from '../auth/sessions';
import { billingAttempts, checkouts, paymentMethods, subscriptions, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/app';
import { billingDeps } from '../test-support/billing';
import { billingFor, buyer } from '../test-support/purchase';
import type { BillingDeps } from './deps';
import { runBilling } from './run';

/*
 * Issue 27: a card purchase through the sandbox payment page saves the card for the renewals, as
 * Stripe's `setup_future_usage: 'off_session'` does, so the first renewal is charged to it rather than
 * failing with `no_saved_card`.
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

async function cardsOf(email: string) {
  const [user] = await t.handle.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const { token } = await createSession(t.handle.db, t.config.session, user.id, {
    ip: '127.0.0.1',
    userAgent: null,
  });
  const profile = v.parse(ProfileSchema, await (await shop.get('/profile', { session: token })).json());
  return profile.cards;
}

/** A guest starts a card payment of one item and answers the sandbox page with `form`. */
async function startAndPay(email: string, item: Record<string, unknown>, form: Record<string, string>) {
  const cart = await shop.addToCart(item);
  const started = await shop.call('/purchase', billingFor(email), { cartToken: cart.cart_token });
  const { url, payment_id } = v.parse(PurchaseResponseSchema, await started.json());
  const paid = await t.app.request(new URL(url).pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { paid, paymentId: payment_id };
}

describe('a sandbox card purchase', () => {
  it('of a yearly product leaves the buyer a default card, and the first renewal is charged to it', async () => {
    const email = 'saved.card@example.com';
    const { paid, paymentId } = await startAndPay(
      email,
      { download_id: downloadIds.links, price_id: 1 },
      { card_number: '4242 4242 4242 4242', card_expiry: '08/31', card_cvc: '314' },
    );
    expect(paid.status).toBe(303);

    expect(await cardsOf(email)).toEqual([
      { default: true, source: { id: expect.stringMatching(/^sandbox_pm_/), brand: 'visa', last4: '4242' } },
    ]);
    const [stored] = await t.handle.db
      .select({ card: paymentMethods })
      .from(paymentMethods)
      .innerJoin(users, eq(users.id, paymentMethods.userId))
      .where(eq(users.email, email));
    expect(stored?.card).toMatchObject({ expMonth: 8, expYear: 2031, isDefault: true });
    // Only what the card list shows is kept: no number, anywhere.
    const [row] = await t.handle.db.select().from(checkouts).where(eq(checkouts.paymentId, paymentId));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');

    const [sub] = await t.handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.paymentId, paymentId));
    if (!sub) throw new Error('no subscription');
    await runBilling(deps, sub.renewalAt);
    const attempts = await t.handle.db
      .select()
      .from(billingAttempts)
      .where(eq(billingAttempts.subscriptionId, sub.id));
    expect(attempts.map((a) => [a.status, a.gateway, a.declineReason])).toEqual([
      ['succeeded', 'sandbox', null],
    ]);
  });

  it('with a card that refuses off-session charges saves it as such: the renewal is declined, not skipped', async () => {
    const email = 'saved.declining@example.com';
    const { paymentId } = await startAndPay(
      email,
      { download_id: downloadIds.links, price_id: 1 },
      { card_number: '4000 0000 0000 0341', card_expiry: '08/31', card_cvc: '314' },
    );
    const [sub] = await t.handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.paymentId, paymentId));
    if (!sub) throw new Error('no subscription');
    await runBilling(deps, sub.renewalAt);
    const attempts = await t.handle.db
      .select()
      .from(billingAttempts)
      .where(eq(billingAttempts.subscriptionId, sub.id));
    expect(attempts.map((a) => a.declineReason)).toEqual(['card_declined']);
  });

  it('of a lifetime product saves no card: nothing will be charged again', async () => {
    const email = 'lifetime.nocard@example.com';
    const { paid } = await startAndPay(
      email,
      { download_id: downloadIds.links, price_id: 3 },
      { card_number: '4242424242424242', card_expiry: '08/31', card_cvc: '314' },
    );
    expect(paid.status).toBe(303);
    expect(await cardsOf(email)).toEqual([]);
  });

  it('refuses a paying number without a valid expiry: the page asks again, nothing is paid or saved', async () => {
    const { paid, paymentId } = await startAndPay(
      'saved.noexpiry@example.com',
      { download_id: downloadIds.links, price_id: 1 },
      { card_number: '4242424242424242', card_expiry: '13/31', card_cvc: '314' },
    );
    expect(paid.status).toBe(400);
    expect(await paid.text()).toContain('The expiry date is not valid.');
    const [row] = await t.handle.db.select().from(checkouts).where(eq(checkouts.paymentId, paymentId));
    expect(row).toMatchObject({ sandboxOutcome: null, savedCard: null, fulfilledAt: null });
  });
});
