import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutFailures } from '../../shared/api/messages';
import { downloadIds } from '../../shared/catalogue';
import { CartSchema } from '../../shared/schemas/cart';
import { checkouts, couponRedemptions, coupons, licences, payments } from '../db/schema';
import { createMailer } from '../mail/mailer';
import type { PurchaseGateway } from '../payments/checkout/gateway';
import { createTestApp, type TestApp } from '../test-support/app';
import { injectFault } from '../test-support/faults';
import { billingFor, buyer } from '../test-support/purchase';
import { readBilling } from './billing';
import { startPurchase } from './start-purchase';

/*
 * Issue 24: a gateway purchase is two transactions around the gateway's HTTP call (gateway-payment.ts).
 * A gateway that fails to start, or a reference that cannot be recorded after it started, leaves a
 * failed payment whose coupon use is given back, no licence, the cart as it was, and the spec's
 * 'Failed to process checkout'; the buyer's next try is a new payment that works.
 */

let t: TestApp;
const origin = 'https://portal.example.com';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: origin });
});
afterAll(() => t.close());

function gateway(start: PurchaseGateway['start']): PurchaseGateway {
  return { name: 'stripe', sandbox: false, start, verdict: async () => 'open', savedCard: async () => null };
}
const refusing = gateway(async () => {
  throw new Error('gateway timed out');
});
const working = gateway(async (payment) => ({
  url: `https://pay.example/${payment.paymentId}`,
  reference: `cs_fake_${payment.paymentId}`,
}));

const deps = () => ({
  db: t.handle.db,
  mailer: createMailer(t.config, t.handle.db),
  logger: t.logger,
  portalOrigin: origin,
  accountUrl: `${origin}/user/purchase-history`,
});
const purchaseWith = (email: string, cartToken: string, through: PurchaseGateway) =>
  startPurchase(deps(), {
    billing: readBilling(billingFor(email)),
    user: null,
    cartToken,
    clientIp: '192.0.2.10',
    referral: {},
    gateway: through,
  });

/** A guest cart of one product with the limited coupon FIRST5 on it. */
async function cartWithCoupon(): Promise<string> {
  const { addToCart, call } = buyer(t);
  const cartToken = (await addToCart({ download_id: downloadIds.blocks, price_id: 1 })).cart_token ?? '';
  expect((await call('/coupon', { code: 'FIRST5', type: 'apply' }, { cartToken })).status).toBe(200);
  return cartToken;
}

async function couponUses(): Promise<number> {
  const [row] = await t.handle.db
    .select({ uses: coupons.uses })
    .from(coupons)
    .where(eq(coupons.code, 'FIRST5'));
  return row?.uses ?? -1;
}

/** Every payment of the buyer, oldest first, with what was written around it. */
async function paymentsOf(email: string) {
  const rows = await t.handle.db
    .select({ id: payments.id, status: payments.status, ref: checkouts.gatewayRef })
    .from(payments)
    .innerJoin(checkouts, eq(checkouts.paymentId, payments.id))
    .where(eq(payments.email, email))
    .orderBy(payments.id);
  return Promise.all(
    rows.map(async ({ id, status, ref }) => {
      const [redemption] = await t.handle.db
        .select({ status: couponRedemptions.status })
        .from(couponRedemptions)
        .where(eq(couponRedemptions.paymentId, id));
      const granted = await t.handle.db.select().from(licences).where(eq(licences.paymentId, id));
      return { status, ref, coupon: redemption?.status ?? null, licences: granted.length };
    }),
  );
}

async function cartLines(cartToken: string): Promise<number> {
  const cart = await t.app.request('/api/v1/cart', { headers: { 'X-Cart-Token': cartToken } });
  return v.parse(CartSchema, await cart.json()).details.length;
}

const gatewayError = { httpStatus: 502, code: 'gateway_error', message: checkoutFailures.checkoutFailed };

describe('a gateway purchase', () => {
  it('fails whole when the gateway cannot start: the coupon use back, nothing to pay, then a new try works', async () => {
    const email = 'gateway.down@example.com';
    const cartToken = await cartWithCoupon();
    const usesBefore = await couponUses();

    await expect(purchaseWith(email, cartToken, refusing)).rejects.toMatchObject(gatewayError);
    expect(await paymentsOf(email)).toEqual([
      { status: 'failed', ref: null, coupon: 'released', licences: 0 },
    ]);
    expect(await couponUses()).toBe(usesBefore);
    expect(await cartLines(cartToken)).toBe(1);

    const started = await purchaseWith(email, cartToken, working);
    expect(started.url).toBe(`https://pay.example/${started.paymentId}`);
    expect((await paymentsOf(email))[1]).toEqual({
      status: 'pending',
      ref: `cs_fake_${started.paymentId}`,
      coupon: 'reserved',
      licences: 0,
    });
    expect(await couponUses()).toBe(usesBefore + 1);
  });

  it('fails whole when the started payment cannot be recorded: its page is never handed out', async () => {
    const email = 'gateway.unrecorded@example.com';
    const cartToken = await cartWithCoupon();
    const usesBefore = await couponUses();

    const removeFault = await injectFault(t.handle.db, { table: 'checkouts', operation: 'UPDATE' });
    try {
      await expect(purchaseWith(email, cartToken, working)).rejects.toMatchObject(gatewayError);
    } finally {
      await removeFault();
    }
    expect(await paymentsOf(email)).toEqual([
      { status: 'failed', ref: null, coupon: 'released', licences: 0 },
    ]);
    expect(await couponUses()).toBe(usesBefore);
    expect(await cartLines(cartToken)).toBe(1);
  });

  it('answers the spec error through POST /purchase even when the failure cannot be recorded either', async () => {
    const email = 'gateway.route@example.com';
    const { call } = buyer(t);
    const cartToken = await cartWithCoupon();
    const usesBefore = await couponUses();

    // The reference and then the failed status cannot be written: the payment stays pending, unpayable.
    const removeFaults = [
      await injectFault(t.handle.db, { table: 'checkouts', operation: 'UPDATE' }),
      await injectFault(t.handle.db, {
        table: 'payments',
        operation: 'UPDATE',
        when: "NEW.status = 'failed'",
      }),
    ];
    let refused: Response;
    try {
      refused = await call('/purchase', billingFor(email), { cartToken });
    } finally {
      for (const remove of removeFaults) await remove();
    }
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({
      code: 'gateway_error',
      message: checkoutFailures.checkoutFailed,
    });
    expect(await paymentsOf(email)).toEqual([
      { status: 'pending', ref: null, coupon: 'reserved', licences: 0 },
    ]);

    // The next try of the same cart gives that payment's coupon use back and takes its own.
    const retried = await call('/purchase', billingFor(email), { cartToken });
    expect(retried.status).toBe(200);
    expect((await retried.json()).url).toMatch(`${origin}/sandbox/pay/`);
    expect((await paymentsOf(email)).map((p) => [p.status, p.coupon, p.ref === null])).toEqual([
      ['pending', 'released', true],
      ['pending', 'reserved', false],
    ]);
    expect(await couponUses()).toBe(usesBefore + 1);
  });
});
