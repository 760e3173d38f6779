import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { CartSchema } from '../../shared/schemas/cart';
import { PurchaseResponseSchema } from '../../shared/schemas/checkout';
import { affiliateReferrals, affiliates, affiliateVisits } from '../db/schema';
import { createTestApp, jsonHeaders, signIn, type TestApp } from '../test-support/app';
import { billingFor } from '../test-support/purchase';

/**
 * Issue 26: an affiliate is credited only from a visit the server recorded, at fulfilment, once; never
 * from a typed affwp_ref, never after the fact, never on their own purchases.
 */
let t: TestApp;
let affiliateId: number;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
  const [row] = await t.handle.db.select().from(affiliates).where(eq(affiliates.status, 'active'));
  if (!row) throw new Error('no active affiliate in the seed');
  affiliateId = row.id;
  await t.handle.db
    .update(affiliates)
    .set({ paymentEmail: 'payouts@affiliate.example' })
    .where(eq(affiliates.id, row.id));
});
afterAll(() => t.close());

interface Caller {
  cartToken?: string | null;
  session?: string;
  cookie?: string;
}

const call = (path: string, body: unknown, who: Caller = {}) =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: {
      ...jsonHeaders,
      ...(who.cartToken ? { 'X-Cart-Token': who.cartToken } : {}),
      ...(who.session ? { 'X-WP-Nonce': who.session } : {}),
      ...(who.cookie ? { Cookie: who.cookie } : {}),
    },
    body: JSON.stringify(body),
  });

/** The cookies a referral URL's landing sets, as the browser sends them back. */
async function landingCookies(): Promise<string> {
  const response = await t.app.request(`/checkout?ref=${affiliateId}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** A visit recorded the way a referral URL's landing records it. */
async function recordedVisit(): Promise<number> {
  const id = Number(/affwp_ref_visit_id=(\d+)/.exec(await landingCookies())?.[1]);
  if (!Number.isInteger(id) || id <= 0) throw new Error('no visit recorded');
  return id;
}

/** Buys the blocks plugin (49.00) with the sandbox card; answers the payment id and its session id. */
async function buy(email: string, who: Caller = {}, extra: Record<string, unknown> = {}) {
  const added = await call('/add-to-cart', { download_id: downloadIds.blocks, price_id: 1 }, who);
  const cart = v.parse(CartSchema, await added.json());
  const buyer = { ...who, cartToken: who.session ? null : cart.cart_token };
  const response = await call('/purchase', { ...billingFor(email), ...extra }, buyer);
  expect(response.status, await response.clone().text()).toBe(200);
  const { url, payment_id } = v.parse(PurchaseResponseSchema, await response.json());
  const paid = await t.app.request(new URL(url).pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      card_number: '4242424242424242',
      card_expiry: '12/34',
      card_cvc: '123',
    }).toString(),
  });
  expect(paid.status).toBe(303);
  const sessionId = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  expect((await call('/confirmation', { session_id: sessionId }, buyer)).status).toBe(200);
  return { paymentId: payment_id, sessionId, cartToken: buyer.cartToken };
}

const referralsOf = (paymentId: number) =>
  t.handle.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.paymentId, paymentId));

describe('affiliate credit from a recorded visit', () => {
  it('a forged affwp_ref or affwp_affiliate_id, in the cookies or the billing body, earns nothing', async () => {
    const byCookie = await buy('forged.cookie@example.com', {
      cookie: `affwp_ref=${affiliateId}; affwp_affiliate_id=${affiliateId}; affwp_campaign=spring`,
    });
    const byBody = await buy(
      'forged.body@example.com',
      {},
      { affwp_ref: String(affiliateId), affwp_affiliate_id: String(affiliateId) },
    );
    // A visit id nobody recorded is as good as none.
    const madeUp = await buy('forged.visit@example.com', {}, { affwp_ref_visit_id: '999999' });
    for (const { paymentId } of [byCookie, byBody, madeUp]) expect(await referralsOf(paymentId)).toEqual([]);
  });

  it('a recorded visit earns the credit once, linked to the visit; its affiliate id must not be another', async () => {
    const visitId = await recordedVisit();
    const first = await buy('referred.once@example.com', {}, { affwp_ref_visit_id: String(visitId) });
    const [referral, ...more] = await referralsOf(first.paymentId);
    expect(more).toEqual([]);
    expect(referral).toMatchObject({
      affiliateId,
      amountCents: Math.floor((4900 * 20) / 100),
      status: 'unpaid',
    });
    const [visit] = await t.handle.db.select().from(affiliateVisits).where(eq(affiliateVisits.id, visitId));
    expect(visit?.referralId).toBe(referral?.id);

    // The same visit again (cookie this time) credits nothing more.
    const again = await buy('referred.twice@example.com', { cookie: `affwp_ref_visit_id=${visitId}` });
    expect(await referralsOf(again.paymentId)).toEqual([]);

    // A fresh visit whose cookies name another affiliate: tampered, nobody is credited.
    const tampered = await recordedVisit();
    const mixed = await buy(
      'referred.mixed@example.com',
      {},
      { affwp_ref_visit_id: String(tampered), affwp_ref: String(affiliateId + 1) },
    );
    expect(await referralsOf(mixed.paymentId)).toEqual([]);
  });

  it('a payment cannot be assigned to an affiliate after the fact: POST /affiliate-info records nothing', async () => {
    const unreferred = await buy('after.fact@example.com');
    const visitId = await recordedVisit();
    const info = {
      payment_id: unreferred.paymentId,
      affwp_ref: String(affiliateId),
      affwp_affiliate_id: String(affiliateId),
      affwp_ref_visit_id: String(visitId),
      affwp_visit_id: String(visitId),
      affwp_campaign: '',
      session_id: unreferred.sessionId,
    };
    const late = await call('/affiliate-info', info);
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ recorded: false });
    expect(await referralsOf(unreferred.paymentId)).toEqual([]);
    const [visit] = await t.handle.db.select().from(affiliateVisits).where(eq(affiliateVisits.id, visitId));
    expect(visit?.referralId).toBeNull();

    // A credited payment stays with its affiliate whatever is sent later; the answer says it is credited.
    const credited = await buy('credited@example.com', {}, { affwp_ref_visit_id: String(visitId) });
    const before = await referralsOf(credited.paymentId);
    const other = await recordedVisit();
    const resent = await call('/affiliate-info', {
      ...info,
      payment_id: credited.paymentId,
      session_id: credited.sessionId,
      affwp_ref_visit_id: String(other),
      affwp_visit_id: String(other),
    });
    expect(await resent.json()).toEqual({ recorded: true });
    expect(await referralsOf(credited.paymentId)).toEqual(before);
  });

  it("an affiliate's own purchases are not credited: their e-mail addresses, or signed in as them", async () => {
    const session = await signIn(t.app, 'affiliate@example.com', 'Affiliate#2026');
    const purchases = [
      ['Affiliate+deal@Example.com', {}],
      ['payouts@affiliate.example', {}],
      ['someone@example.com', { session }],
    ] as const;
    for (const [email, who] of purchases) {
      const cookie = await landingCookies();
      const visitId = Number(/affwp_ref_visit_id=(\d+)/.exec(cookie)?.[1]);
      const bought = await buy(email, { ...who, cookie });
      expect(await referralsOf(bought.paymentId), email).toEqual([]);
      const [visit] = await t.handle.db.select().from(affiliateVisits).where(eq(affiliateVisits.id, visitId));
      expect(visit?.referralId, email).toBeNull();
    }
  });
});
