import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../shared/catalogue';
import { CartSchema } from '../shared/schemas/cart';
import { PaymentInfoSchema, PurchaseResponseSchema } from '../shared/schemas/checkout';
import { billingAddressMessages, checkoutMessages } from '../shared/schemas/messages';
import { verifyPassword } from './auth/passwords';
import { hashToken } from './auth/tokens';
import {
  affiliateReferrals,
  affiliates,
  checkouts,
  licences,
  passwordResets,
  payments,
  subscriptions,
  users,
} from './db/schema';
import { listOutbox } from './mail/outbox';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

let t: TestApp;
let customerToken: string;
const origin = 'https://portal.example.com';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: origin });
  customerToken = await signIn(t.app, 'customer@example.com', 'Customer#2026');
});
afterAll(() => t.close());

interface Caller {
  cartToken?: string | null;
  session?: string;
}

const headers = (who: Caller = {}): Record<string, string> => ({
  ...jsonHeaders,
  ...(who.cartToken ? { 'X-Cart-Token': who.cartToken } : {}),
  ...(who.session ? { 'X-WP-Nonce': who.session } : {}),
});

const call = (path: string, body: unknown, who: Caller = {}) =>
  t.app.request(`/api/v1${path}`, { method: 'POST', headers: headers(who), body: JSON.stringify(body) });

/** A guest cart with the blocks plugin (1 site, yearly), optionally with a coupon. */
async function guestCart(coupon?: string): Promise<string> {
  const response = await call('/add-to-cart', { download_id: downloadIds.blocks, price_id: 1 });
  const cart = v.parse(CartSchema, await response.json());
  if (!cart.cart_token) throw new Error('no cart token');
  if (coupon) await call('/coupon', { code: coupon, type: 'apply' }, { cartToken: cart.cart_token });
  return cart.cart_token;
}

function billing(email: string, gateway = 'stripe'): Record<string, unknown> {
  return {
    edd_first: 'Ada',
    edd_last: 'Lovelace',
    edd_email: email,
    edd_acquisition_method: 'google',
    edd_agree_to_terms: 1,
    edd_agree_to_privacy_policy: 1,
    edd_gateway: gateway,
    'edd-gateway': gateway,
    payment_mode: gateway,
    'payment-mode': gateway,
    card_name: 'Ada Lovelace',
    card_address: '1 Analytical Way',
    card_address_2: '',
    card_city: 'London',
    card_zip: 'N1 9GU',
    billing_country: 'GB',
    card_state: 'LND',
    need_new_user: true,
    need_user_login: true,
    mailchimp: true,
  };
}

async function purchase(body: Record<string, unknown>, who: Caller) {
  const response = await call('/purchase', body, who);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(PurchaseResponseSchema, await response.json());
}

/** Submits the sandbox page as the buyer would; answers where it redirects. */
async function paySandbox(url: string, field: Record<string, string>): Promise<string> {
  const path = new URL(url).pathname;
  const response = await t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(field).toString(),
  });
  expect(response.status).toBe(303);
  return response.headers.get('Location') ?? '';
}

const isReceipt = (mail: { subject: string }) => mail.subject.startsWith('Your receipt for order #');

/** The account mail sent to `email`. */
async function accountMail(email: string) {
  const mail = (await listOutbox(t.handle.db)).find((m) => m.to === email && !isReceipt(m));
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** The `key` and `user` of the mailed set-password link. */
async function mailedLink(email: string): Promise<{ key: string; user: string }> {
  const link = /(https:\S+\/auth\/reset-password\?\S+)/.exec((await accountMail(email)).text)?.[1];
  if (!link) throw new Error(`no set-password link mailed to ${email}`);
  const query = new URL(link).searchParams;
  return { key: query.get('key') ?? '', user: query.get('user') ?? '' };
}

const setPassword = (link: { key: string; user: string }, password: string) =>
  call('/reset-password', { ...link, action: 'rp', new_pass: password, new_pass_2: password });

/** Chooses a password through the mailed link, as the buyer does; answers it. */
async function choosePasswordByMail(email: string): Promise<string> {
  const password = 'Chosen#Pass2026';
  expect((await setPassword(await mailedLink(email), password)).status).toBe(200);
  return password;
}

const licencesOf = (paymentId: number) =>
  t.handle.db
    .select()
    .from(licences)
    .where(and(eq(licences.paymentId, paymentId), isNull(licences.parentLicenceId)));

describe('POST /purchase validation', () => {
  it('answers every spec §5 checkout message by field', async () => {
    const cartToken = await guestCart();
    const response = await call(
      '/purchase',
      { edd_first: 'x'.repeat(61), billing_country: 'US', edd_email: 'nope' },
      { cartToken },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; data: { fields: Record<string, string> } };
    expect(body.code).toBe('validation_error');
    expect(body.data.fields).toMatchObject({
      edd_first: 'Fist name should not be more than 60 characters',
      edd_last: checkoutMessages.lastNameRequired,
      edd_email: 'Please insert a valid email',
      edd_acquisition_method: 'Please select how did you find us',
      edd_gateway: 'Please select payment method',
      edd_agree_to_terms: 'Please agree to Terms & Conditions and Privacy Policy',
    });
  });

  it('requires the address for a card and the state only where the country has states', async () => {
    const cartToken = await guestCart();
    const noAddress = {
      ...billing('a@example.com'),
      card_address: '',
      card_city: '',
      card_zip: '',
      card_state: '',
    };
    const response = await call('/purchase', { ...noAddress, billing_country: '' }, { cartToken });
    const fields = ((await response.json()) as { data: { fields: Record<string, string> } }).data.fields;
    expect(fields).toMatchObject({
      billing_country: 'Please select country',
      card_address: billingAddressMessages.line1Required,
      card_city: 'Please insert city',
      card_zip: 'Please insert zip/postal code',
    });
    const us = await call(
      '/purchase',
      { ...billing('a@example.com'), billing_country: 'US', card_state: '' },
      { cartToken },
    );
    expect(((await us.json()) as { data: { fields: Record<string, string> } }).data.fields).toEqual({
      card_state: 'Please select state',
    });
    // PayPal collects its own address.
    const paypal = await call(
      '/purchase',
      { ...noAddress, ...gw('paypalexpress'), billing_country: '' },
      { cartToken },
    );
    expect(paypal.status).toBe(200);
  });

  it('refuses manual for a cart that costs money, and an empty cart', async () => {
    const cartToken = await guestCart();
    const manual = await call('/purchase', billing('a@example.com', 'manual'), { cartToken });
    expect(manual.status).toBe(400);
    expect(
      ((await manual.json()) as { data: { fields: Record<string, string> } }).data.fields.edd_gateway,
    ).toBe('Please select payment method');
    const empty = await call('/purchase', billing('a@example.com'), {});
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: string }).code).toBe('empty_cart');
  });
});

function gw(gateway: string) {
  return { edd_gateway: gateway, 'edd-gateway': gateway };
}

describe('a guest buys with the sandbox card', () => {
  it('pays, is fulfilled once, gets an account mailed and a licence', async () => {
    const cartToken = await guestCart();
    const email = 'new.buyer@example.com';
    const { url, payment_id } = await purchase(billing(email), { cartToken });
    expect(url).toMatch(new RegExp(`^${origin}/sandbox/pay/cs_sandbox_`));
    const sessionId = decodeURIComponent(url.split('/').pop() ?? '');

    // Before the buyer pays: nothing to confirm.
    const early = await call('/confirmation', { session_id: sessionId });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { code: string }).code).toBe('payment_confirmation_failed');

    const page = await t.app.request(new URL(url).pathname);
    expect(await page.text()).toContain('Card number');
    const back = await paySandbox(url, {
      card_number: '4242 4242 4242 4242',
      card_expiry: '12/34',
      card_cvc: '123',
    });
    expect(back).toBe(`${origin}/payment-success?session_id=${encodeURIComponent(sessionId)}`);

    const confirmed = await call('/confirmation', { session_id: sessionId });
    expect(confirmed.status).toBe(200);
    const info = v.parse(PaymentInfoSchema, await confirmed.json());
    expect(info).toMatchObject({
      id: payment_id,
      email,
      status: 'completed',
      requestAgain: false,
      total: 49,
    });
    expect(info.licenses).toHaveLength(1);
    expect(info.licenses[0]?.license_key).toMatch(/^[0-9a-f]{32}$/);
    expect(info.subscriptions[0]).toMatchObject({ frequency: 'year', status: 'active', initial_amount: 49 });
    expect(info.products[0]).toMatchObject({ sku: 'blocks-plugin', price: 49 });

    const [account] = await t.handle.db.select().from(users).where(eq(users.email, email));
    expect(account).toBeDefined();
    const [licence] = await licencesOf(payment_id);
    expect(licence).toMatchObject({ userId: account?.id, activationLimit: 1, status: 'active' });
    expect(info.new_account).toBe(true);
    const token = await signIn(t.app, email, await choosePasswordByMail(email));
    const products = await t.app.request('/api/v1/products', { headers: { 'X-WP-Nonce': token } });
    expect(JSON.stringify(await products.json())).toContain(licence?.key ?? 'missing');
    // The cart is empty after the purchase.
    const cart = await t.app.request('/api/v1/cart', { headers: headers({ cartToken }) });
    expect(v.parse(CartSchema, await cart.json()).details).toHaveLength(0);
  });

  it('20 concurrent confirmations fulfil once', async () => {
    const cartToken = await guestCart();
    const { url, payment_id } = await purchase(billing('race@example.com'), { cartToken });
    const sessionId = decodeURIComponent(url.split('/').pop() ?? '');
    await t.handle.db
      .update(checkouts)
      .set({ sandboxOutcome: 'paid' })
      .where(eq(checkouts.paymentId, payment_id));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('/confirmation', { session_id: sessionId })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await licencesOf(payment_id)).toHaveLength(1);
    const subs = await t.handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.paymentId, payment_id));
    expect(subs).toHaveLength(1);
    const mails = (await listOutbox(t.handle.db)).filter((m) => m.to === 'race@example.com');
    // One account mail and one receipt.
    expect(mails.filter(isReceipt)).toHaveLength(1);
    expect(mails.filter((m) => !isReceipt(m))).toHaveLength(1);
  });

  it('a declined test card goes to /payment-failed and fulfils nothing', async () => {
    const cartToken = await guestCart();
    const { url, payment_id } = await purchase(billing('declined@example.com'), { cartToken });
    expect(await paySandbox(url, { card_number: '4000 0000 0000 0002' })).toBe(`${origin}/payment-failed`);
    const [payment] = await t.handle.db.select().from(payments).where(eq(payments.id, payment_id));
    expect(payment?.status).toBe('failed');
    expect(await licencesOf(payment_id)).toHaveLength(0);
    // A second submission cannot turn it into a payment.
    expect(
      await paySandbox(url, { card_number: '4242424242424242', card_expiry: '12/34', card_cvc: '123' }),
    ).toBe(`${origin}/payment-failed`);
    expect(await licencesOf(payment_id)).toHaveLength(0);
  });

  it('a made-up session_id reveals nothing and fulfils nothing', async () => {
    const response = await call('/confirmation', { session_id: 'cs_sandbox_made_up' });
    expect(response.status).toBe(404);
    expect(JSON.stringify(await response.json())).not.toContain('@');
  });
});

describe("a guest purchase's account", () => {
  /** A guest pays for the blocks plugin with the sandbox card; answers the confirmed payment. */
  async function guestPays(email: string) {
    const cartToken = await guestCart();
    const { url } = await purchase(billing(email), { cartToken });
    await paySandbox(url, { card_number: '4242424242424242', card_expiry: '12/34', card_cvc: '123' });
    const sessionId = decodeURIComponent(url.split('/').pop() ?? '');
    return v.parse(PaymentInfoSchema, await (await call('/confirmation', { session_id: sessionId })).json());
  }

  it('mails the e-mail address to sign in with and a 72-hour single-use link, never a password', async () => {
    const email = 'Link.Buyer@example.com';
    const before = Date.now();
    await guestPays(email);
    const mail = await accountMail(email);
    expect(mail.text).toContain(`Sign in with your e-mail address: ${email}`);
    expect(mail.text).not.toMatch(/password:|user ?name/i);
    expect(mail.text).toContain('within 72 hours');
    const link = await mailedLink(email);
    expect(link.key).toMatch(/^[\w-]{43}$/);

    const [account] = await t.handle.db.select().from(users).where(eq(users.email, email));
    if (!account) throw new Error('no account');
    // Only the key's hash is stored, valid 72 hours.
    const [stored] = await t.handle.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, account.id));
    expect(stored?.keyHash).toBe(hashToken(link.key));
    expect(JSON.stringify(stored)).not.toContain(link.key);
    const hours = ((stored?.expiresAt.getTime() ?? 0) - before) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(72);
    expect(hours).toBeLessThan(72.1);

    expect((await setPassword(link, 'Chosen#Pass2026')).status).toBe(200);
    expect(await signIn(t.app, email, 'Chosen#Pass2026')).toMatch(/^[\w-]{43}$/);
    // Once.
    const again = await setPassword(link, 'Other#Pass2026');
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe('invalid_reset_key');
  });

  it('mails nothing that signs in: the new account has the hash of a password nobody was told', async () => {
    const email = 'unusable@example.com';
    await guestPays(email);
    const [account] = await t.handle.db.select().from(users).where(eq(users.email, email));
    if (!account) throw new Error('no account');
    expect(account.passwordHash).toMatch(/^scrypt\$/);
    // Any word of the mail long enough to be a password (spec §5: 8 or more characters).
    const words = (await accountMail(email)).text.split(/\s+/).filter((word) => word.length >= 8);
    for (const word of words) expect(await verifyPassword(word, account.passwordHash), word).toBe(false);
  });

  it('with the address of an existing account: the payment goes there, says so, and no account mail', async () => {
    const info = await guestPays('affiliate@example.com');
    expect(info.new_account).toBe(false);
    const [owner] = await t.handle.db.select().from(users).where(eq(users.email, 'affiliate@example.com'));
    const [payment] = await t.handle.db.select().from(payments).where(eq(payments.id, info.id));
    expect(payment?.userId).toBe(owner?.id);
    const mails = (await listOutbox(t.handle.db)).filter((m) => m.to === 'affiliate@example.com');
    expect(mails.some((m) => /reset-password|password/i.test(m.text))).toBe(false);
  });
});

describe('POST /affiliate-info from a guest', () => {
  const info = (paymentId: number, affiliateId: number, proof: Record<string, string>) => ({
    payment_id: paymentId,
    affwp_ref: String(affiliateId),
    affwp_affiliate_id: String(affiliateId),
    ...proof,
  });
  const referralsOf = (paymentId: number) =>
    t.handle.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.paymentId, paymentId));

  it("answers a guest on the payment's proof (its session_id) only, and credits nothing after the fact", async () => {
    const [affiliate] = await t.handle.db.select().from(affiliates).where(eq(affiliates.status, 'active'));
    if (!affiliate) throw new Error('no active affiliate in the seed');
    // Bought without a recorded visit: the success page's affiliate info cannot credit it afterwards.
    const cartToken = await guestCart();
    const { url, payment_id } = await purchase(billing('guest.referred@example.com'), { cartToken });
    await paySandbox(url, { card_number: '4242424242424242', card_expiry: '12/34', card_cvc: '123' });
    const sessionId = decodeURIComponent(url.split('/').pop() ?? '');
    expect((await call('/confirmation', { session_id: sessionId })).status).toBe(200);
    expect(await referralsOf(payment_id)).toHaveLength(0);

    // Another payment's proof, or none, proves nothing.
    const other = await guestCart();
    const stranger = await purchase(billing('stranger@example.com'), { cartToken: other });
    const strangerSession = decodeURIComponent(stranger.url.split('/').pop() ?? '');
    const wrongProofs: Record<string, string>[] = [
      { session_id: strangerSession },
      { session_id: 'cs_sandbox_made_up' },
      {},
    ];
    for (const proof of wrongProofs) {
      const refused = await call('/affiliate-info', info(payment_id, affiliate.id, proof));
      expect(refused.status, JSON.stringify(proof)).toBe(401);
    }
    expect(await referralsOf(payment_id)).toHaveLength(0);

    const sent = await call('/affiliate-info', info(payment_id, affiliate.id, { session_id: sessionId }));
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ recorded: false });
    expect(await referralsOf(payment_id)).toHaveLength(0);
  });

  it("accepts a free order's payment_key or the buying cart's token as the proof", async () => {
    const [affiliate] = await t.handle.db.select().from(affiliates).where(eq(affiliates.status, 'active'));
    if (!affiliate) throw new Error('no active affiliate in the seed');
    const cartToken = await guestCart('FREE100');
    const { url, payment_id } = await purchase(billing('free.referred@example.com', 'manual'), { cartToken });
    const paymentKey = new URL(url).searchParams.get('payment_key') ?? '';
    const wrongKey = await call(
      '/affiliate-info',
      info(payment_id, affiliate.id, { payment_key: 'f'.repeat(32) }),
    );
    expect(wrongKey.status).toBe(401);
    // Accepted; a $0 order earns the affiliate nothing, so nothing is recorded.
    for (const [proof, who] of [
      [{ payment_key: paymentKey }, {}],
      [{}, { cartToken }],
    ] as const) {
      const sent = await call('/affiliate-info', info(payment_id, affiliate.id, proof), who);
      expect(sent.status).toBe(200);
      expect(await sent.json()).toEqual({ recorded: false });
    }
  });
});

describe('PayPal sandbox', () => {
  it('returns edd_confirm=paypal_express&token&PayerID&payment_id; only the right pair confirms', async () => {
    const cartToken = await guestCart();
    const { url, payment_id } = await purchase(
      { ...billing('pp@example.com'), ...gw('paypalexpress') },
      { cartToken },
    );
    const back = new URL(await paySandbox(url, { decision: 'approve' }));
    expect(back.pathname).toBe('/payment-success');
    expect(back.searchParams.get('edd_confirm')).toBe('paypal_express');
    expect(back.searchParams.get('payment_id')).toBe(String(payment_id));
    const token = back.searchParams.get('token') ?? '';
    const payerId = back.searchParams.get('PayerID') ?? '';
    const wrong = await call('/confirmation', { token, payerId, paymentId: payment_id + 1000 });
    expect(wrong.status).toBe(404);
    const right = await call('/confirmation', { token, payerId, paymentId: String(payment_id) });
    expect(right.status).toBe(200);
    expect(v.parse(PaymentInfoSchema, await right.json()).payment_method).toBe('PayPal');
  });
});

describe('PayPal sandbox Cancel', () => {
  it('returns to the checkout with the cart as it was, and nothing is sold', async () => {
    const cartToken = await guestCart();
    const { url, payment_id } = await purchase(
      { ...billing('pp.cancel@example.com'), ...gw('paypalexpress') },
      { cartToken },
    );
    expect(await paySandbox(url, { decision: 'cancel' })).toBe(`${origin}/checkout`);
    const response = await t.app.request('/api/v1/cart', { headers: headers({ cartToken }) });
    const cart = v.parse(CartSchema, await response.json());
    expect(cart.details.map((d) => [d.id, d.options.price_id])).toEqual([[downloadIds.blocks, 1]]);
    expect(await licencesOf(payment_id)).toHaveLength(0);
  });
});

describe('a 100 % coupon', () => {
  it('completes through manual at once; only the buying cart (or owner) reads the receipt', async () => {
    const cartToken = await guestCart('FREE100');
    const { url, payment_id } = await purchase(billing('free@example.com', 'manual'), { cartToken });
    const back = new URL(url);
    expect(`${back.origin}${back.pathname}`).toBe(`${origin}/payment-success`);
    expect(back.searchParams.get('edd_confirm')).toBe('manual');
    expect(back.searchParams.get('payment_id')).toBe(String(payment_id));
    const paymentKey = back.searchParams.get('payment_key') ?? '';
    expect(paymentKey).toMatch(/^[0-9a-f]{32}$/);
    // The key alone proves it (the success page may be on another origin than the cart's storage).
    const byKey = await call('/confirmation', { paymentId: payment_id, payment_key: paymentKey });
    expect(byKey.status).toBe(200);
    const wrongKey = await call('/confirmation', { paymentId: payment_id, payment_key: 'f'.repeat(32) });
    expect(wrongKey.status).toBe(404);
    const stranger = await call('/confirmation', { paymentId: payment_id }, { cartToken: await guestCart() });
    expect(stranger.status).toBe(404);
    const asCustomer = await call('/confirmation', { paymentId: payment_id }, { session: customerToken });
    expect(asCustomer.status).toBe(404);
    const mine = await call('/confirmation', { paymentId: payment_id }, { cartToken });
    expect(mine.status).toBe(200);
    expect(v.parse(PaymentInfoSchema, await mine.json())).toMatchObject({ status: 'completed', total: 0 });
  });
});

describe('signed-in renewals and upgrades', () => {
  async function buyAsCustomer(cartBody: unknown): Promise<number> {
    const add = await call('/add-to-cart', cartBody, { session: customerToken });
    expect(add.status, await add.clone().text()).toBe(200);
    const { url, payment_id } = await purchase(billing('ignored@example.com'), { session: customerToken });
    await paySandbox(url, { card_number: '4242424242424242', card_expiry: '12/34', card_cvc: '123' });
    const [payment] = await t.handle.db.select().from(payments).where(eq(payments.id, payment_id));
    expect(payment).toMatchObject({ status: 'complete', email: 'customer@example.com' });
    return payment_id;
  }

  async function customerLicence(downloadId: number) {
    const [customer] = await t.handle.db.select().from(users).where(eq(users.email, 'customer@example.com'));
    const [row] = await t.handle.db
      .select()
      .from(licences)
      .where(
        and(
          eq(licences.userId, customer?.id ?? 0),
          eq(licences.downloadId, downloadId),
          isNull(licences.parentLicenceId),
        ),
      );
    if (!row) throw new Error('no licence');
    return row;
  }

  it('a renewal extends the expiry by a year from today when expired', async () => {
    const before = await customerLicence(downloadIds.blocks);
    expect(before.status).toBe('expired');
    await buyAsCustomer({
      action: 'renew',
      license: before.key,
      download_id: downloadIds.blocks,
      price_id: before.priceId,
    });
    const after = await customerLicence(downloadIds.blocks);
    expect(after.status).toBe('active');
    const days = ((after.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
    expect(days).toBeLessThan(370);
  });

  it('an upgrade changes the tier and its limit', async () => {
    const before = await customerLicence(downloadIds.blocks);
    await buyAsCustomer({
      action: 'upgrade',
      license: before.key,
      download_id: downloadIds.blocks,
      price_id: 2,
    });
    const after = await customerLicence(downloadIds.blocks);
    expect(after).toMatchObject({ id: before.id, priceId: 2, activationLimit: 5 });
  });
});
