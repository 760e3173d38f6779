import { and, eq, isNull, or } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSplitSchedule, downloadIds } from '../shared/catalogue';
import { splitScheduleText } from '../shared/format/split-schedule';
import { ProductListSchema } from '../shared/schemas/licences';
import { PurchaseListSchema } from '../shared/schemas/purchases';
import { createSession } from './auth/sessions';
import { licences, paymentMethods, subscriptions, users } from './db/schema';
import { listOutbox } from './mail/outbox';
import { recordInstalment } from './subscriptions/instalments';
import { addMonths } from './subscriptions/periods';
import { createTestApp, signIn, type TestApp } from './test-support/app';
import { buyer } from './test-support/purchase';

/*
 * Issue 23, "Money over time": purchases followed past the day they were made. Time passing is played by
 * moving the stored dates back, so the server's own clock reads them as a month or a year later.
 */

let t: TestApp;
let shop: ReturnType<typeof buyer>;
const origin = 'https://portal.example.com';
const dayMs = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: origin });
  shop = buyer(t);
});
afterAll(() => t.close());

async function topLicence(email: string, downloadId: number) {
  const [row] = await t.handle.db
    .select({ licence: licences })
    .from(licences)
    .innerJoin(users, eq(users.id, licences.userId))
    .where(and(eq(users.email, email), eq(licences.downloadId, downloadId), isNull(licences.parentLicenceId)))
    .orderBy(licences.id);
  if (!row) throw new Error(`no licence of ${downloadId} for ${email}`);
  return row.licence;
}

const family = (id: number) =>
  t.handle.db
    .select()
    .from(licences)
    .where(or(eq(licences.id, id), eq(licences.parentLicenceId, id)));

const subscriptionOf = async (licenceId: number) => {
  const rows = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.licenceId, licenceId));
  expect(rows).toHaveLength(1);
  return rows[0] as typeof subscriptions.$inferSelect;
};

const receiptTo = async (email: string, order: string) =>
  (await listOutbox(t.handle.db)).find(
    (m) => m.to === email && m.subject === `Your receipt for order #${order}`,
  );

/** Plays `ms` of time passing for a licence family and its subscription: their dates move back. */
async function passTime(licenceId: number, ms: number): Promise<void> {
  for (const row of await family(licenceId)) {
    await t.handle.db
      .update(licences)
      .set({
        createdAt: new Date(row.createdAt.getTime() - ms),
        expiresAt: row.expiresAt && new Date(row.expiresAt.getTime() - ms),
      })
      .where(eq(licences.id, row.id));
  }
  const sub = await subscriptionOf(licenceId);
  await t.handle.db
    .update(subscriptions)
    .set({
      createdAt: new Date(sub.createdAt.getTime() - ms),
      renewalAt: new Date(sub.renewalAt.getTime() - ms),
    })
    .where(eq(subscriptions.id, sub.id));
}

describe('a renewal through the renewal link', () => {
  it('moves the subscription’s next renewal date a year on, keeps its amount and shows on the success page, history and receipt', async () => {
    const session = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    const bundle = await topLicence('customer@example.com', downloadIds.agencyBundle);
    const before = await subscriptionOf(bundle.id);
    expect(before.status).toBe('active');
    const paidUntil = bundle.expiresAt as Date;

    // The renewal link's query, with a coupon: the renewal costs less, the subscription does not.
    await shop.addToCart(
      {
        action: 'renew',
        license: bundle.key,
        download_id: downloadIds.agencyBundle,
        price_id: 1,
        coupon: 'SAVE10',
      },
      { session },
    );
    const info = await shop.pay({ session }, 'customer@example.com');
    expect(info.total).toBe(359.1);

    const nextYear = addMonths(paidUntil, 12);
    const after = await subscriptionOf(bundle.id);
    expect(after).toMatchObject({
      status: 'active',
      recurringAmountCents: before.recurringAmountCents,
      timesBilled: before.timesBilled + 1,
    });
    // Renewing on the old date would charge a second time for the year just paid.
    expect(after.renewalAt.toISOString()).toBe(nextYear.toISOString());
    for (const licence of await family(bundle.id))
      expect(licence.expiresAt?.toISOString()).toBe(nextYear.toISOString());

    // The success page: the renewed licence and its subscription.
    expect(info.licenses).toEqual([{ name: 'Agency Bundle', license_key: bundle.key }]);
    expect(info.subscriptions).toEqual([
      expect.objectContaining({ amount: 399, renewal_date: nextYear.toISOString(), status: 'active' }),
    ]);

    // Purchase history links the renewal to its licence.
    const history = v.parse(PurchaseListSchema, await (await shop.get('/history', { session })).json());
    const renewal = history.find((p) => p.ID === info.id);
    expect(renewal?.products[0]?.license).toMatchObject({ license_id: bundle.id, license_key: bundle.key });

    const receipt = await receiptTo('customer@example.com', info.payment);
    expect(receipt?.text).toContain(bundle.key);
    expect(receipt?.text).toContain('Total: $359.10');
    expect(receipt?.text).toContain(`${origin}/user/purchase-history`);
  });

  it('moves a cancelled subscription’s end of access too, and leaves it off the success page that waits for an active one', async () => {
    const session = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    const addons = await topLicence('customer@example.com', downloadIds.addons);
    expect((await subscriptionOf(addons.id)).status).toBe('cancelled');
    await shop.addToCart(
      { action: 'renew', license: addons.key, download_id: downloadIds.addons, price_id: addons.priceId },
      { session },
    );
    const info = await shop.pay({ session }, 'customer@example.com');
    expect(info.licenses).toEqual([{ name: 'Addons Plugin', license_key: addons.key }]);
    expect(info.subscriptions).toEqual([]);
    const after = await subscriptionOf(addons.id);
    expect(after.status).toBe('cancelled');
    expect(after.renewalAt.toISOString()).toBe(addMonths(addons.expiresAt as Date, 12).toISOString());
  });
});

describe('an upgrade, then a renewal', () => {
  it('ends the old tier’s subscription, starts the new tier’s at its full price, and the renewal moves that one', async () => {
    const session = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    const addons = await topLicence('customer@example.com', downloadIds.addons);
    await shop.addToCart(
      { action: 'upgrade', license: addons.key, download_id: downloadIds.addons, price_id: 3 },
      { session },
    );
    const upgrade = await shop.pay({ session }, 'customer@example.com');
    // The first payment is prorated; the renewals cost the tier ($99.97 a year).
    expect(upgrade.total).toBeLessThan(99.97);
    expect(upgrade.subscriptions).toEqual([
      expect.objectContaining({ amount: 99.97, initial_amount: upgrade.total, status: 'active' }),
    ]);
    const upgraded = (await family(addons.id))[0];
    expect(upgraded?.priceId).toBe(3);

    await shop.addToCart(
      { action: 'renew', license: addons.key, download_id: downloadIds.addons, price_id: 3 },
      { session },
    );
    const renewal = await shop.pay({ session }, 'customer@example.com');
    expect(renewal.total).toBe(99.97);
    const subs = await t.handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.licenceId, addons.id))
      .orderBy(subscriptions.id);
    expect(subs.map((s) => s.status)).toEqual(['expired', 'active']);
    const nextYear = addMonths(upgraded?.expiresAt as Date, 12);
    expect(subs[1]?.renewalAt.toISOString()).toBe(nextYear.toISOString());
    expect(renewal.subscriptions).toEqual([
      expect.objectContaining({ renewal_date: nextYear.toISOString() }),
    ]);
  });
});

describe('a free order', () => {
  it('without a saved card makes no auto-renewing subscription: the licence runs its term and can be renewed', async () => {
    const email = 'free.guest@example.com';
    const cart = await shop.addToCart({ download_id: downloadIds.blocks, price_id: 1, coupon: 'FREE100' });
    const who = { cartToken: cart.cart_token };
    expect(cart.total).toBe(0);
    const info = await shop.pay(who, email, 'manual');
    expect(info.subscriptions).toEqual([]);
    const licence = await topLicence(email, downloadIds.blocks);
    expect(
      await t.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, licence.userId)),
    ).toEqual([]);
    const term = ((licence.expiresAt?.getTime() ?? 0) - Date.now()) / dayMs;
    expect(term).toBeGreaterThan(364);
    expect(term).toBeLessThan(367);

    // A year later the licence has expired, and its renewal is a paid order like any other.
    await t.handle.db
      .update(licences)
      .set({ expiresAt: new Date(Date.now() - dayMs) })
      .where(eq(licences.id, licence.id));
    const renewal = await shop.addToCart({
      action: 'renew',
      license: licence.key,
      download_id: downloadIds.blocks,
      price_id: 1,
    });
    expect(renewal.details[0]).toMatchObject({ item_price: 49, options: { is_renewal: true } });

    // Free or paid, the purchase is mailed a receipt.
    const receipt = await receiptTo(email, info.payment);
    expect(receipt?.text).toContain(licence.key);
    expect(receipt?.text).toContain('Total: $0.00');
  });

  it('with a saved card, a free first term renews at the tier’s price', async () => {
    const session = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    const [customer] = await t.handle.db.select().from(users).where(eq(users.email, 'customer@example.com'));
    expect(
      await t.handle.db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, customer?.id ?? 0)),
    ).not.toEqual([]);
    await shop.addToCart(
      { download_id: downloadIds.notification, price_id: 1, coupon: 'FREE100' },
      { session },
    );
    const info = await shop.pay({ session }, 'customer@example.com', 'manual');
    expect(info.subscriptions).toEqual([
      expect.objectContaining({ initial_amount: 0, amount: 49, frequency: 'year', status: 'active' }),
    ]);
  });
  it('by a guest with the address of an account that has a saved card starts nothing on that card', async () => {
    // Anyone can type an address: a guest's free order must not enrol the account owner's card.
    const cart = await shop.addToCart({ download_id: downloadIds.embed, price_id: 1, coupon: 'FREE100' });
    const info = await shop.pay({ cartToken: cart.cart_token }, 'customer@example.com', 'manual');
    expect(info.subscriptions).toEqual([]);
    expect(
      await t.handle.db.select().from(subscriptions).where(eq(subscriptions.paymentId, info.id)),
    ).toEqual([]);
  });
});

describe('an instalment plan (agency lifetime bundle in monthly payments)', () => {
  async function buyPlan(email: string, priceId: number) {
    const cart = await shop.addToCart({
      download_id: downloadIds.agencyBundle,
      price_id: priceId,
      splitPayment: true,
    });
    const info = await shop.pay({ cartToken: cart.cart_token }, email);
    const licence = await topLicence(email, downloadIds.agencyBundle);
    return { info, licence, plan: await subscriptionOf(licence.id) };
  }

  it('the cart says what is due today and what follows, and the purchase charges exactly that', async () => {
    const cart = await shop.addToCart({
      download_id: downloadIds.agencyBundle,
      price_id: 4,
      splitPayment: true,
    });
    expect(cartSplitSchedule(cart)).toBe('$166.50 today, then 5 monthly payments of $166.50');
    const info = await shop.pay({ cartToken: cart.cart_token }, 'plan.six@example.com');
    expect(info.total).toBe(166.5);
    expect(info.subscriptions).toEqual([
      expect.objectContaining({ amount: 166.5, times_billed: 1, bill_times: 6 }),
    ]);
  });

  it('licenses the bundle to the date paid through: one $83.25 payment buys a month, not the $999 bundle', async () => {
    const { info, licence, plan } = await buyPlan('plan.one@example.com', 5);
    expect(info.total).toBe(83.25);
    const paidThrough = addMonths(plan.createdAt, 1);
    const licences = await family(licence.id);
    expect(licences.length).toBeGreaterThan(1);
    for (const row of licences) expect(row.expiresAt?.toISOString()).toBe(paidThrough.toISOString());
    expect(plan).toMatchObject({
      billTimes: 12,
      timesBilled: 1,
      recurringAmountCents: 8325,
      initialAmountCents: 8325,
    });
    expect(plan.renewalAt.toISOString()).toBe(paidThrough.toISOString());
    expect(info.subscriptions).toEqual([
      expect.objectContaining({
        amount: 83.25,
        times_billed: 1,
        bill_times: 12,
        renewal_date: paidThrough.toISOString(),
      }),
    ]);
    const receipt = await receiptTo('plan.one@example.com', info.payment);
    expect(receipt?.text).toContain(splitScheduleText(83.25, 11, 83.25));
    expect(receipt?.text).toContain('times billed 1 of 12');
  });

  it('cancelling an unfinished instalment plan leaves a licence that expires at the paid-through date', async () => {
    const email = 'plan.cancel@example.com';
    const { licence, plan } = await buyPlan(email, 4);
    const paidThrough = addMonths(plan.createdAt, 1);
    const [account] = await t.handle.db.select().from(users).where(eq(users.email, email));
    const { token } = await createSession(t.handle.db, t.config.session, account?.id ?? 0, {
      ip: '127.0.0.1',
      userAgent: null,
    });
    const cancelled = await shop.call('/subscriptions', { id: plan.id, type: 'cancel' }, { session: token });
    expect(cancelled.status).toBe(200);
    for (const row of await family(licence.id))
      expect(row.expiresAt?.toISOString()).toBe(paidThrough.toISOString());

    const shown = async () => {
      const products = v.parse(
        ProductListSchema,
        await (await shop.get('/products', { session: token })).json(),
      );
      return products.find((p) => p.ID === downloadIds.agencyBundle)?.license;
    };
    expect(await shown()).toMatchObject({
      status: 'active',
      expiration: Math.floor(paidThrough.getTime() / 1000),
    });
    // A month and a day later, the paid month is over: the licence has expired with the plan.
    await passTime(licence.id, paidThrough.getTime() - Date.now() + dayMs);
    expect((await shown())?.status).toBe('expired');
    const reactivate = await shop.call(
      '/subscriptions',
      { id: plan.id, type: 'reactivate' },
      { session: token },
    );
    expect(reactivate.status).toBe(409);
  });

  it('extends by a month per instalment and becomes lifetime with the last (recordInstalment)', async () => {
    const { licence, plan } = await buyPlan('plan.full@example.com', 3);
    expect(plan.billTimes).toBe(3);
    const second = await recordInstalment(t.handle.db, plan.id);
    expect(second).toEqual({ timesBilled: 2, paidThrough: addMonths(plan.createdAt, 2) });
    for (const row of await family(licence.id)) {
      expect(row.expiresAt?.toISOString()).toBe(addMonths(plan.createdAt, 2).toISOString());
    }
    expect(await recordInstalment(t.handle.db, plan.id)).toEqual({ timesBilled: 3, paidThrough: null });
    for (const row of await family(licence.id)) expect(row.expiresAt).toBeNull();
    expect(await subscriptionOf(licence.id)).toMatchObject({ status: 'completed', timesBilled: 3 });
  });
});

describe('periods', () => {
  it('end on the month’s last day when it is shorter', () => {
    expect(addMonths(new Date('2027-01-31T10:00:00Z'), 1).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-02-29T10:00:00Z'), 12).toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2027-03-15T00:00:00Z'), 13).toISOString()).toBe('2028-04-15T00:00:00.000Z');
  });
});
