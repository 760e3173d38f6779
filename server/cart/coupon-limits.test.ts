import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds, upsellCoupons } from '../../shared/catalogue';
import {
  type Cart,
  CartSchema,
  CouponResponseSchema,
  couponMessages,
  couponMinimumMessage,
} from '../../shared/schemas/cart';
import { PurchaseResponseSchema } from '../../shared/schemas/checkout';
import { couponRedemptions, coupons, licences, payments, users } from '../db/schema';
import { createTestApp, jsonHeaders, signIn, type TestApp } from '../test-support/app';
import { billingFor } from '../test-support/purchase';
import { cartLineMessages } from './actions';

/** Issue 26: the limits a vendor sets on a coupon, each refused with its message and accepted within it. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
});
afterAll(() => t.close());

interface Caller {
  cartToken?: string | null;
  session?: string;
}

const call = (path: string, body: unknown, who: Caller = {}) =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: {
      ...jsonHeaders,
      ...(who.cartToken ? { 'X-Cart-Token': who.cartToken } : {}),
      ...(who.session ? { 'X-WP-Nonce': who.session } : {}),
    },
    body: JSON.stringify(body),
  });

let codes = 0;
/** A coupon with the given limits (10 % off unless told). */
async function coupon(limits: Partial<typeof coupons.$inferInsert> = {}): Promise<string> {
  codes += 1;
  const code = `LIMIT${codes}`;
  await t.handle.db.insert(coupons).values({ code, type: 'percent', amount: 10, ...limits });
  return code;
}

/** A guest cart (or the signed-in caller's) with these add-to-cart bodies sent in turn. */
async function cartWith(bodies: unknown[], session?: string): Promise<{ who: Caller; cart: Cart }> {
  let who: Caller = session ? { session } : {};
  let cart: Cart | null = null;
  for (const body of bodies) {
    const response = await call('/add-to-cart', body, who);
    expect(response.status, await response.clone().text()).toBe(200);
    cart = v.parse(CartSchema, await response.json());
    if (!session) who = { cartToken: cart.cart_token };
  }
  if (!cart) throw new Error('no cart');
  return { who, cart };
}

async function apply(code: string, who: Caller, email?: string) {
  const response = await call(
    '/coupon',
    { code, type: 'apply', ...(email ? { form: { edd_email: email } } : {}) },
    who,
  );
  expect(response.status).toBe(200);
  return v.parse(CouponResponseSchema, await response.json());
}

const blocks = { download_id: downloadIds.blocks, price_id: 1 };

/** `POST /purchase` of the caller's cart, free ('manual') when the coupon makes it so. */
const purchase = (who: Caller, email: string, gateway: 'stripe' | 'manual' = 'manual') =>
  call('/purchase', billingFor(email, gateway), who);

async function refusedPurchase(response: Response, msg: string) {
  expect(response.status).toBe(409);
  expect(await response.json()).toMatchObject({ code: 'coupon_not_available', message: msg });
}

const usesOf = async (code: string) =>
  (await t.handle.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.code, code)))[0]?.uses;

async function licenceKey(email: string, downloadId: number): Promise<string> {
  const [row] = await t.handle.db
    .select({ key: licences.key })
    .from(licences)
    .innerJoin(users, eq(users.id, licences.userId))
    .where(
      and(eq(users.email, email), eq(licences.downloadId, downloadId), isNull(licences.parentLicenceId)),
    );
  if (!row) throw new Error('no licence');
  return row.key;
}

describe('coupon limits', () => {
  it('maximum uses: accepted while uses are left, then refused in the box and at purchase', async () => {
    const code = await coupon({ amount: 100, maxUses: 1 });
    const first = await cartWith([blocks]);
    const second = await cartWith([blocks]);
    expect(await apply(code, first.who)).toMatchObject({ is_valid: true, msg: couponMessages.applied });
    expect((await apply(code, second.who)).is_valid).toBe(true);
    expect((await purchase(first.who, 'first.use@example.com')).status).toBe(200);
    expect(await usesOf(code)).toBe(1);

    const late = await apply(code, (await cartWith([blocks])).who);
    expect(late).toMatchObject({ is_valid: false, msg: couponMessages.usedUp });
    // The second cart holds the coupon from before: refused before any charge, nothing stored.
    const before = (await t.handle.db.select().from(payments)).length;
    await refusedPurchase(await purchase(second.who, 'second.use@example.com'), couponMessages.usedUp);
    expect(await t.handle.db.select().from(payments)).toHaveLength(before);
    expect(await usesOf(code)).toBe(1);
  });

  it('uses per customer: by e-mail (any spelling) and by account', async () => {
    const code = await coupon({ amount: 100, maxUsesPerCustomer: 1 });
    const guest = await cartWith([blocks]);
    await apply(code, guest.who, 'per.customer@example.com');
    expect((await purchase(guest.who, 'per.customer@example.com')).status).toBe(200);

    const again = await cartWith([blocks]);
    expect(await apply(code, again.who, 'Per.Customer+2@Example.com')).toMatchObject({
      is_valid: false,
      msg: couponMessages.customerLimit,
    });
    // Applied without an address, the purchase's address decides.
    expect((await apply(code, again.who)).is_valid).toBe(true);
    await refusedPurchase(
      await purchase(again.who, 'PER.customer@example.com'),
      couponMessages.customerLimit,
    );
    expect((await purchase(again.who, 'someone.else@example.com')).status).toBe(200);

    const session = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    const mine = await cartWith([blocks], session);
    expect((await apply(code, mine.who)).is_valid).toBe(true);
    expect((await purchase(mine.who, 'customer@example.com')).status).toBe(200);
    const twice = await cartWith([blocks], session);
    expect(await apply(code, twice.who)).toMatchObject({
      is_valid: false,
      msg: couponMessages.customerLimit,
    });
  });

  it('start and end dates: not yet, expired, and within', async () => {
    const day = 24 * 3600 * 1000;
    const soon = await coupon({ startsAt: new Date(Date.now() + day) });
    const over = await coupon({
      startsAt: new Date(Date.now() - 2 * day),
      expiresAt: new Date(Date.now() - day),
    });
    const now = await coupon({ startsAt: new Date(Date.now() - day), expiresAt: new Date(Date.now() + day) });
    const { who } = await cartWith([blocks]);
    expect(await apply(soon, who)).toMatchObject({ is_valid: false, msg: couponMessages.notStarted });
    expect(await apply(over, who)).toMatchObject({ is_valid: false, msg: couponMessages.expired });
    expect(await apply(now, who)).toMatchObject({ is_valid: true });
  });

  it('a coupon that expired after it was applied is refused at purchase, not dropped silently', async () => {
    const code = await coupon({ expiresAt: new Date(Date.now() + 60_000) });
    const { who } = await cartWith([blocks]);
    expect((await apply(code, who)).cart.total).toBe(44.1);
    await t.handle.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, code));
    await refusedPurchase(
      await purchase(who, 'expired.meanwhile@example.com', 'stripe'),
      couponMessages.expired,
    );
  });

  it('products and tiers: only the tiers named', async () => {
    const code = await coupon({ downloadIds: [downloadIds.addons], priceIds: [4] });
    const oneSite = await cartWith([{ download_id: downloadIds.addons, price_id: 1 }]);
    expect(await apply(code, oneSite.who)).toMatchObject({ is_valid: false, msg: couponMessages.notForCart });
    const lifetime = await cartWith([blocks, { download_id: downloadIds.addons, price_id: 4 }]);
    const applied = await apply(code, lifetime.who);
    expect(applied.is_valid).toBe(true);
    expect(applied.cart.details.map((d) => [d.id, d.discount])).toEqual([
      [downloadIds.blocks, 0],
      [downloadIds.addons, 30],
    ]);
  });

  it('renewals and upgrades: refused when the coupon excludes them, accepted when it allows them', async () => {
    const noRenewals = await coupon({ appliesToRenewals: false });
    const noUpgrades = await coupon({ appliesToUpgrades: false });
    const both = await coupon();
    const renewal = await cartWith([
      {
        action: 'renew',
        license: await licenceKey('customer@example.com', downloadIds.blocks),
        download_id: downloadIds.blocks,
      },
    ]);
    expect(await apply(noRenewals, renewal.who)).toMatchObject({
      is_valid: false,
      msg: couponMessages.notForRenewals,
    });
    expect((await apply(noUpgrades, renewal.who)).is_valid).toBe(true);
    const upgrade = await cartWith([
      {
        action: 'upgrade',
        license: await licenceKey('customer@example.com', downloadIds.addons),
        download_id: downloadIds.addons,
        price_id: 3,
      },
    ]);
    expect(await apply(noUpgrades, upgrade.who)).toMatchObject({
      is_valid: false,
      msg: couponMessages.notForUpgrades,
    });
    expect((await apply(both, upgrade.who)).is_valid).toBe(true);
  });

  it('a minimum amount: refused below it, accepted at it, dropped when the cart falls below', async () => {
    const code = await coupon({ minAmountCents: 9800 });
    const { who } = await cartWith([blocks]);
    expect(await apply(code, who)).toMatchObject({ is_valid: false, msg: couponMinimumMessage(9800) });
    expect(couponMinimumMessage(9800)).toBe('This coupon needs a subtotal of at least $98.00.');
    // 49.00 + 49.00: exactly the minimum.
    const both = await call('/add-to-cart', { download_id: downloadIds.notification, price_id: 1 }, who);
    expect(both.status).toBe(200);
    const applied = await apply(code, who);
    expect(applied.is_valid).toBe(true);
    expect(applied.cart.discounts).toEqual([code]);
    const removed = v.parse(
      CartSchema,
      await (await call('/add-to-cart', { action: 'remove', index: 1 }, who)).json(),
    );
    expect(removed.discounts).toEqual([]);
  });

  it('upsell coupons only through the upsell; upsell-only products only with their offer', async () => {
    const { who } = await cartWith([blocks]);
    expect(await apply(upsellCoupons.agencyBundle, who)).toMatchObject({
      is_valid: false,
      msg: couponMessages.upsellOnly,
    });
    const alone = await call('/add-to-cart', { download_id: downloadIds.anotherLifetime, price_id: 1 }, who);
    expect(alone.status).toBe(400);
    expect(await alone.json()).toMatchObject({
      data: { fields: { download_id: cartLineMessages.offerOnly } },
    });
    const withoutItsOffer = await call(
      '/add-to-cart',
      {
        products: [blocks, { download_id: downloadIds.anotherLifetime, price_id: 1 }],
        coupon: upsellCoupons.anotherLifetime,
      },
      who,
    );
    expect(withoutItsOffer.status).toBe(400);

    // The upsell ticked: the bundle with its coupon, and the lifetime product beside a top tier.
    const bundle = await call(
      '/add-to-cart',
      {
        products: [{ download_id: downloadIds.agencyBundle, price_id: 1 }],
        coupon: upsellCoupons.agencyBundle,
      },
      who,
    );
    expect(v.parse(CartSchema, await bundle.json()).discounts).toEqual([upsellCoupons.agencyBundle]);
    const offered = await call(
      '/add-to-cart',
      {
        products: [
          { download_id: downloadIds.addons, price_id: 4 },
          { download_id: downloadIds.anotherLifetime, price_id: 1 },
        ],
        coupon: upsellCoupons.anotherLifetime,
      },
      who,
    );
    expect(offered.status).toBe(200);
    expect(v.parse(CartSchema, await offered.json()).details.map((d) => d.id)).toEqual([
      downloadIds.addons,
      downloadIds.anotherLifetime,
    ]);
  });

  it("a failed payment gives its use back; a new payment of the same cart takes over the cart's pending use", async () => {
    const code = await coupon({ maxUses: 1 });
    const { who } = await cartWith([blocks]);
    await apply(code, who);
    const started = v.parse(
      PurchaseResponseSchema,
      await (await purchase(who, 'declined@example.com', 'stripe')).json(),
    );
    expect(await usesOf(code)).toBe(1);
    // The buyer came back from the gateway and pays again: the cart's earlier pending use is released.
    const retried = v.parse(
      PurchaseResponseSchema,
      await (await purchase(who, 'declined@example.com', 'stripe')).json(),
    );
    expect(await usesOf(code)).toBe(1);
    const statuses = await t.handle.db
      .select({ paymentId: couponRedemptions.paymentId, status: couponRedemptions.status })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.code, code));
    expect(statuses).toEqual(
      expect.arrayContaining([
        { paymentId: started.payment_id, status: 'released' },
        { paymentId: retried.payment_id, status: 'reserved' },
      ]),
    );
    const declined = await t.app.request(new URL(retried.url).pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: '4000000000000002' }).toString(),
    });
    expect(declined.status).toBe(303);
    expect(await usesOf(code)).toBe(0);
  });
});
