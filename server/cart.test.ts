import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProducts, downloadIds, splitPlans, upsellCoupons } from '../shared/catalogue';
import { type Cart, CartSchema, CouponResponseSchema } from '../shared/schemas/cart';
import { cartLineMessages } from './cart/actions';
import { cartRecovery, carts, licences, users } from './db/schema';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

let t: TestApp;
let customerToken: string;
let affiliateToken: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
  customerToken = await signIn(t.app, 'customer@example.com', 'Customer#2026');
  affiliateToken = await signIn(t.app, 'affiliate@example.com', 'Affiliate#2026');
});
afterAll(() => t.close());

interface Caller {
  cartToken?: string | null;
  session?: string;
}

function headers(who: Caller = {}): Record<string, string> {
  return {
    ...jsonHeaders,
    ...(who.cartToken ? { 'X-Cart-Token': who.cartToken } : {}),
    ...(who.session ? { 'X-WP-Nonce': who.session } : {}),
  };
}

async function call(path: string, body: unknown, who: Caller = {}) {
  return t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: headers(who),
    body: JSON.stringify(body),
  });
}

async function add(body: unknown, who: Caller = {}): Promise<Cart> {
  const response = await call('/add-to-cart', body, who);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(CartSchema, await response.json());
}

async function getCart(who: Caller = {}): Promise<Cart> {
  const response = await t.app.request('/api/v1/cart', { headers: headers(who) });
  expect(response.status).toBe(200);
  return v.parse(CartSchema, await response.json());
}

async function coupon(code: string, type: 'apply' | 'remove', who: Caller) {
  const response = await call('/coupon', { code, type }, who);
  expect(response.status).toBe(200);
  return v.parse(CouponResponseSchema, await response.json());
}

/** A fresh guest cart holding one product; returns the cart and its token. */
async function guestWith(downloadId: number, priceId = 1) {
  const cart = await add({ download_id: downloadId, price_id: priceId });
  return { cart, who: { cartToken: cart.cart_token } };
}

async function licenceOf(email: string, downloadId: number) {
  const [row] = await t.handle.db
    .select({ key: licences.key, id: licences.id })
    .from(licences)
    .innerJoin(users, eq(users.id, licences.userId))
    .where(
      and(eq(users.email, email), eq(licences.downloadId, downloadId), isNull(licences.parentLicenceId)),
    );
  if (!row) throw new Error('no licence');
  return row;
}

describe('GET /cart', () => {
  it('is an empty cart for a visitor without a token, and stores nothing', async () => {
    const before = await t.handle.db.select().from(carts);
    const cart = await getCart();
    expect(cart).toMatchObject({
      details: [],
      total: 0,
      subtotal: 0,
      has_discounts: false,
      cart_token: null,
    });
    expect(await t.handle.db.select().from(carts)).toHaveLength(before.length);
  });

  it("never shows a cart to a token that is not the cart's own", async () => {
    await guestWith(downloadIds.links);
    const forged = await getCart({ cartToken: 'A'.repeat(43) });
    expect(forged.details).toEqual([]);
    expect(forged.cart_token).toBeNull();
  });
});

describe('POST /add-to-cart: prices come from the catalogue', () => {
  const tiers = allProducts.flatMap((product) => product.tiers.map((tier) => ({ product, tier })));

  it.each(tiers.map(({ product, tier }) => [product.name, tier.name, product, tier] as const))(
    '%s – %s costs its catalogue price',
    async (_name, _tier, product, tier) => {
      // The AI add-on is sold only beside the documentation plugin; the lifetime toolkit only through
      // its upsell, beside a top tier (the addons lifetime, 299.99 here).
      const companion = product.downloadId === downloadIds.aiChatbot;
      const offered = product.downloadId === downloadIds.anotherLifetime;
      const first = companion ? await guestWith(downloadIds.documentation) : null;
      const cart = offered
        ? await add({
            products: [
              { download_id: downloadIds.addons, price_id: 4 },
              { download_id: product.downloadId, price_id: tier.priceId },
            ],
            coupon: upsellCoupons.anotherLifetime,
          })
        : await add({ download_id: product.downloadId, price_id: tier.priceId }, first?.who);
      const line = cart.details.find((d) => d.id === product.downloadId);
      expect(line).toMatchObject({
        name: product.name,
        price_name: tier.name,
        price: tier.price,
        item_price: tier.price,
        discount: 0,
        subtotal: tier.price,
        item_number: {
          id: product.downloadId,
          image: `https://portal.example.com/assets/products/${product.slug}.svg`,
          options: { price_id: tier.priceId },
        },
        options: { price_id: tier.priceId, is_renewal: false, is_upgrade: false, license_key: null },
      });
      expect(line?.options.recurring).toEqual(
        tier.period === 'lifetime' ? null : { period: tier.period, times: 0 },
      );
      const expectedTotal = companion ? 69 + tier.price : offered ? 299.99 + tier.price : tier.price;
      expect(cart.subtotal).toBeCloseTo(expectedTotal, 2);
      expect(cart.total).toBeCloseTo(expectedTotal, 2);
      expect(cart.cart_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    },
  );

  it('ignores a tampered price, discount or subtotal in the request', async () => {
    const cart = await add({
      download_id: downloadIds.payment,
      price_id: 2,
      price: 0.01,
      item_price: 0.01,
      discount: 199,
      subtotal: 0,
      total: 0,
    });
    expect(cart.total).toBe(199);
    expect(cart.details[0]).toMatchObject({ price: 199, discount: 0, subtotal: 199 });
  });

  it('refuses an unknown product or tier and stores nothing', async () => {
    const response = await call('/add-to-cart', { download_id: downloadIds.addons, price_id: 2 });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'validation_error',
      message: cartLineMessages.unknownProduct,
    });
    expect((await call('/add-to-cart', { download_id: 'x' })).status).toBe(400);
  });

  it("switches a product's tier with 'update' instead of adding a second line", async () => {
    const { who } = await guestWith(downloadIds.documentation, 1);
    const cart = await add({ download_id: downloadIds.documentation, price_id: 2, action: 'update' }, who);
    expect(cart.details.map((d) => [d.id, d.options.price_id])).toEqual([[downloadIds.documentation, 2]]);
    expect(cart.total).toBe(149);
  });

  it('toggles the AI add-on monthly ↔ yearly and drops it with its documentation product', async () => {
    const { who } = await guestWith(downloadIds.documentation, 1);
    let cart = await add({ download_id: downloadIds.aiChatbot, price_id: 1 }, who);
    expect(cart.total).toBeCloseTo(77.99, 2);
    cart = await add({ download_id: downloadIds.aiChatbot, price_id: 2, action: 'update' }, who);
    expect(cart.details.map((d) => d.options.price_id)).toEqual([1, 2]);
    expect(cart.total).toBe(138);
    cart = await add({ action: 'remove', index: 0 }, who);
    expect(cart.details).toEqual([]);
    const alone = await call('/add-to-cart', { download_id: downloadIds.aiChatbot, price_id: 1 });
    expect(v.parse(CartSchema, await alone.json()).details).toEqual([]);
  });

  it('removes by index and refuses an index past the end', async () => {
    const { who } = await guestWith(downloadIds.links, 1);
    await add({ download_id: downloadIds.embed, price_id: 1 }, who);
    const cart = await add({ action: 'remove', index: 0 }, who);
    expect(cart.details.map((d) => d.id)).toEqual([downloadIds.embed]);
    expect((await call('/add-to-cart', { action: 'remove', index: 5 }, who)).status).toBe(400);
    expect((await getCart(who)).details).toHaveLength(1);
  });

  it('takes {products, coupon, action}: replace swaps the lines, add appends', async () => {
    const { who } = await guestWith(downloadIds.links, 1);
    let cart = await add(
      {
        products: [{ download_id: downloadIds.agencyBundle, price_id: 1 }],
        coupon: upsellCoupons.agencyBundle,
      },
      who,
    );
    expect(cart.details.map((d) => d.id)).toEqual([downloadIds.agencyBundle]);
    expect(cart.discounts).toEqual([upsellCoupons.agencyBundle]);
    cart = await add({ products: [{ download_id: downloadIds.embed, price_id: 2 }], action: 'add' }, who);
    expect(cart.details.map((d) => d.id)).toEqual([downloadIds.agencyBundle, downloadIds.embed]);
    // The agency coupon stays: it still fits the bundle line.
    expect(cart.discounts).toEqual([upsellCoupons.agencyBundle]);
  });
});

describe('POST /coupon', () => {
  it('applies a percent coupon to every line', async () => {
    const { who } = await guestWith(downloadIds.documentation, 1);
    const answer = await coupon(' save10 ', 'apply', who);
    expect(answer).toMatchObject({ is_valid: true, code: 'SAVE10', type: 'percent', amount: 10 });
    expect(answer.cart).toMatchObject({
      subtotal: 69,
      discounted_amount: 6.9,
      total: 62.1,
      has_discounts: true,
      discounts: ['SAVE10'],
      coupons: [{ code: 'SAVE10', type: 'percent', amount: 10 }],
    });
    expect(answer.cart.details[0]).toMatchObject({ discount: 6.9, subtotal: 62.1 });
    expect((await getCart(who)).total).toBe(62.1);
  });

  it('applies a flat coupon once per cart', async () => {
    const { who } = await guestWith(downloadIds.documentation, 1);
    await add({ download_id: downloadIds.links, price_id: 1 }, who);
    const answer = await coupon('FLAT20', 'apply', who);
    expect(answer).toMatchObject({ is_valid: true, type: 'flat', amount: 20 });
    expect(answer.cart).toMatchObject({ subtotal: 168, discounted_amount: 20, total: 148 });
  });

  it('makes the cart free with a 100 % coupon', async () => {
    const { who } = await guestWith(downloadIds.agencyBundle, 2);
    const answer = await coupon('FREE100', 'apply', who);
    expect(answer.cart).toMatchObject({ total: 0, has_discounts: true, discounted_amount: 999 });
  });

  it('refuses an expired, an unknown and a wrong-product coupon, keeping the cart as it was', async () => {
    const { who } = await guestWith(downloadIds.documentation, 1);
    expect(await coupon('EXPIRED15', 'apply', who)).toMatchObject({
      is_valid: false,
      msg: 'This coupon has expired.',
    });
    expect(await coupon('NOPE', 'apply', who)).toMatchObject({
      is_valid: false,
      msg: 'This coupon code is not valid.',
    });
    const wrong = await coupon('BLOCKS25', 'apply', who);
    expect(wrong).toMatchObject({
      is_valid: false,
      msg: 'This coupon is not valid for the products in your cart.',
    });
    expect(wrong.cart).toMatchObject({ total: 69, discounts: [], has_discounts: false });
  });

  it('limits a product coupon to its product and drops it when that product leaves', async () => {
    const { who } = await guestWith(downloadIds.documentation, 1);
    await add({ download_id: downloadIds.blocks, price_id: 2 }, who);
    const answer = await coupon('BLOCKS25', 'apply', who);
    expect(answer.cart.details.map((d) => d.discount)).toEqual([0, 37.25]);
    expect(answer.cart.total).toBe(180.75);
    const cart = await add({ action: 'remove', index: 1 }, who);
    expect(cart).toMatchObject({ total: 69, discounts: [] });
  });

  it('accepts the billing form as `form` (spec §7) and refuses one of the wrong shape', async () => {
    const { who } = await guestWith(downloadIds.documentation, 1);
    const form = {
      edd_first: 'Ada',
      edd_last: '',
      edd_email: 'ada@exam',
      edd_acquisition_method: '',
      edd_gateway: 'stripe',
      terms: false,
      mailchimp: true,
      card_address: '',
      card_address_2: '',
      card_city: '',
      card_zip: '',
      billing_country: 'DE',
      card_state: '',
    };
    // A half-typed form (an e-mail not finished yet) never refuses a coupon.
    const accepted = await call('/coupon', { code: 'SAVE10', type: 'apply', form }, who);
    expect(accepted.status).toBe(200);
    expect(v.parse(CouponResponseSchema, await accepted.json())).toMatchObject({ is_valid: true });
    for (const wrong of [{ ...form, edd_gateway: 'bitcoin' }, { ...form, edd_first: 7 }, 'form']) {
      const refused = await call('/coupon', { code: 'SAVE10', type: 'remove', form: wrong }, who);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'validation_error' });
    }
    const oversized = await call(
      '/coupon',
      { code: 'SAVE10', type: 'remove', form: { card_city: 'x'.repeat(1001) } },
      who,
    );
    expect(oversized.status).toBe(400);
  });

  it('removes a coupon', async () => {
    const { who } = await guestWith(downloadIds.documentation, 1);
    await coupon('SAVE10', 'apply', who);
    const answer = await coupon('SAVE10', 'remove', who);
    expect(answer).toMatchObject({ is_valid: true, msg: 'Coupon removed.' });
    expect(answer.cart).toMatchObject({ total: 69, coupons: [], has_discounts: false });
  });

  it('says so when the cart is empty, and validates the body', async () => {
    expect(await coupon('SAVE10', 'apply', {})).toMatchObject({
      is_valid: false,
      msg: 'Add a product to your cart before applying a coupon.',
    });
    expect((await call('/coupon', { code: 'SAVE10', type: 'steal' })).status).toBe(400);
  });

  it('prices the addons lifetime upsell at 249.97 with its coupon', async () => {
    const cart = await add({
      products: [{ download_id: downloadIds.addons, price_id: 4 }],
      coupon: upsellCoupons.addonsLifetime,
    });
    expect(cart).toMatchObject({ subtotal: 299.99, total: 249.97, has_discounts: true });
  });
});

describe('renewals and upgrades', () => {
  it('renews a licence at its tier price, marked as a renewal', async () => {
    const licence = await licenceOf('customer@example.com', downloadIds.blocks);
    const cart = await add(
      { action: 'renew', license: licence.key, download_id: downloadIds.blocks, price_id: 1 },
      { session: customerToken },
    );
    const line = cart.details.find((d) => d.options.is_renewal);
    expect(line).toMatchObject({
      id: downloadIds.blocks,
      item_price: 49,
      options: { license_key: licence.key },
    });
    await add({ action: 'remove', index: cart.details.indexOf(line as never) }, { session: customerToken });
  });

  it("answers 404 for another account's licence and changes nothing", async () => {
    const licence = await licenceOf('customer@example.com', downloadIds.blocks);
    const before = await getCart({ session: affiliateToken });
    const response = await call(
      '/add-to-cart',
      { action: 'renew', license: licence.key, download_id: downloadIds.blocks },
      { session: affiliateToken },
    );
    expect(response.status).toBe(404);
    expect(await getCart({ session: affiliateToken })).toEqual(before);
  });

  it('refuses to renew a lifetime licence, and a key that does not match the product', async () => {
    const lifetime = await licenceOf('customer@example.com', downloadIds.documentation);
    const response = await call(
      '/add-to-cart',
      { action: 'renew', license: lifetime.key, download_id: downloadIds.documentation },
      { session: customerToken },
    );
    expect(response.status).toBe(400);
    const blocks = await licenceOf('customer@example.com', downloadIds.blocks);
    const mismatch = await call('/add-to-cart', {
      action: 'renew',
      license: blocks.key,
      download_id: downloadIds.addons,
    });
    expect(mismatch.status).toBe(400);
  });

  // Issue 23: this test used to price an upgrade of the expired Blocks licence at the full difference
  // of the tiers, while GET /upgrades advertised it at the full price. An expired licence is renewed
  // first; upgrade prices are checked against GET /upgrades in server/upgrade-pricing.test.ts.
  it('refuses to upgrade an expired licence (renew it first), and a downgrade', async () => {
    const expired = await licenceOf('customer@example.com', downloadIds.blocks);
    const response = await call('/add-to-cart', {
      action: 'upgrade',
      license: expired.key,
      download_id: downloadIds.blocks,
      price_id: 3,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(cartLineMessages.upgradeExpired);
    const addons = await licenceOf('customer@example.com', downloadIds.addons);
    const down = await call('/add-to-cart', {
      action: 'upgrade',
      license: addons.key,
      download_id: downloadIds.addons,
      price_id: 1,
    });
    expect(down.status).toBe(400);
  });
});

describe('split payment', () => {
  it('offers the splits on the agency lifetime bundle only', async () => {
    expect((await guestWith(downloadIds.agencyBundle, 1)).cart.splits).toEqual([]);
    const { cart } = await guestWith(downloadIds.agencyBundle, 2);
    expect(cart.splits).toEqual(splitPlans.map((p) => ({ price_id: p.priceId, times: p.times })));
  });

  it('charges one truncated instalment per month and keeps the coupon', async () => {
    const { who } = await guestWith(downloadIds.agencyBundle, 2);
    await coupon('SAVE10', 'apply', who);
    let cart = await add(
      { download_id: downloadIds.agencyBundle, price_id: 4, splitPayment: true, coupon: 'SAVE10' },
      who,
    );
    expect(cart.details).toHaveLength(1);
    expect(cart.details[0]).toMatchObject({
      price: 999,
      item_price: 166.5,
      options: { price_id: 4, recurring: { period: 'month', times: 6 } },
    });
    expect(cart.total).toBe(149.85);
    cart = await add({ download_id: downloadIds.agencyBundle, price_id: 5, splitPayment: true }, who);
    expect(cart.details[0]?.item_price).toBe(83.25);
    cart = await add({ download_id: downloadIds.agencyBundle, price_id: 2 }, who);
    expect(cart.details[0]).toMatchObject({ item_price: 999, options: { recurring: null } });
  });

  it('refuses a split price without splitPayment, and splitPayment on another product', async () => {
    expect((await call('/add-to-cart', { download_id: downloadIds.agencyBundle, price_id: 3 })).status).toBe(
      400,
    );
    const other = await call('/add-to-cart', {
      download_id: downloadIds.links,
      price_id: 3,
      splitPayment: true,
    });
    expect(other.status).toBe(400);
  });
});

describe('guest carts and accounts', () => {
  it('merges a guest cart into the account on the first call with both, then forgets the token', async () => {
    const { who } = await guestWith(downloadIds.scheduling, 2);
    const session = await signIn(t.app, 'admin@example.com', 'Admin#2026');
    const merged = await getCart({ ...who, session });
    expect(merged.details.map((d) => d.id)).toContain(downloadIds.scheduling);
    expect(merged.cart_token).toBeNull();
    expect((await getCart(who)).details).toEqual([]);
    expect((await getCart({ session })).details.map((d) => d.id)).toContain(downloadIds.scheduling);
  });
});

describe('cart recovery', () => {
  it('records the tracking payload and rebuilds the cart from the recovery link', async () => {
    const { who } = await guestWith(downloadIds.notification, 2);
    await add({ download_id: downloadIds.embed, price_id: 1 }, who);
    await coupon('SAVE10', 'apply', who);
    const [cart] = await t.handle.db
      .select()
      .from(carts)
      .where(eq(carts.id, (await t.handle.db.select({ id: carts.id }).from(carts)).at(-1)?.id ?? 0));
    const [tracked] = await t.handle.db
      .select()
      .from(cartRecovery)
      .where(eq(cartRecovery.externalId, cart?.recoveryId ?? ''));
    const payload = tracked?.payload as Record<string, unknown>;
    expect(payload).toMatchObject({
      external_id: cart?.recoveryId,
      grand_total: 241.2,
      discount_codes: ['SAVE10'],
      customer: null,
    });
    expect(payload.products).toEqual([
      expect.objectContaining({
        name: 'Notification Plugin',
        external_id: downloadIds.notification,
        variant_id: 2,
        qty: 1,
      }),
      expect.objectContaining({
        name: 'Embed Plugin',
        external_id: downloadIds.embed,
        variant_id: 1,
        qty: 1,
      }),
    ]);
    const link = new URL(String(payload.checkout_url));
    expect(link.origin + link.pathname).toBe('https://portal.example.com/checkout');

    const response = await call('/recapture/regenerate-cart', {
      contents: link.searchParams.get('contents'),
      racart: link.searchParams.get('racart'),
    });
    const rebuilt = v.parse(CartSchema, await response.json());
    expect(rebuilt.details.map((d) => [d.id, d.options.price_id])).toEqual([
      [downloadIds.notification, 2],
      [downloadIds.embed, 1],
    ]);
    expect(rebuilt.total).toBe(241.2);
    expect(rebuilt.cart_token).not.toBe(who.cartToken);
  });

  it('skips unknown items in the contents and never takes prices from it', async () => {
    const response = await call('/recapture/regenerate-cart', {
      contents: JSON.stringify([
        { id: 1, price_id: 1 },
        { id: downloadIds.links, price_id: 1, price: 0 },
      ]),
      racart: 'unknown-cart',
    });
    const cart = v.parse(CartSchema, await response.json());
    expect(cart.details.map((d) => d.id)).toEqual([downloadIds.links]);
    expect(cart.total).toBe(99);
    expect((await call('/recapture/regenerate-cart', { contents: '[]', racart: 'bad racart!' })).status).toBe(
      400,
    );
  });
});
