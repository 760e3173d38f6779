import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../shared/catalogue';
import { type PaymentInfo, PaymentInfoSchema, PurchaseResponseSchema } from '../shared/schemas/checkout';
import { createTestApp, signIn, type TestApp } from './test-support/app';
import { billingFor, buyer, type Caller } from './test-support/purchase';

let t: TestApp;
/** The app's clock: the real time shifted by `later` milliseconds. */
let later = 0;
const hours = (n: number) => n * 3600_000;

beforeAll(async () => {
  t = await createTestApp(
    { publicUrl: 'https://portal.example.test', signInRateLimit: { perIp: 100_000 } },
    { now: () => new Date(Date.now() + later) },
  );
});
afterAll(() => t.close());

async function confirmation(body: unknown, who: Caller = {}): Promise<PaymentInfo> {
  const response = await buyer(t).call('/confirmation', body, who);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(PaymentInfoSchema, await response.json());
}

/** A guest buys the blocks plugin as `email`; answers the references its browser holds. */
async function guestBuys(email: string, gateway: 'stripe' | 'manual') {
  const { call, addToCart } = buyer(t);
  const cart = await addToCart({ download_id: downloadIds.blocks, price_id: 1 });
  const cartToken = cart.cart_token ?? '';
  if (gateway === 'manual') await call('/coupon', { code: 'FREE100', type: 'apply' }, { cartToken });
  const started = await call('/purchase', billingFor(email, gateway), { cartToken });
  expect(started.status, await started.clone().text()).toBe(200);
  const { url, payment_id } = v.parse(PurchaseResponseSchema, await started.json());
  if (gateway === 'manual') {
    const key = new URL(url).searchParams.get('payment_key') ?? '';
    return { cartToken, reference: { paymentId: payment_id, payment_key: key } };
  }
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
  return { cartToken, reference: { session_id: sessionId } };
}

const keyPattern = /^[A-Za-z0-9-]{16,}$/;

describe('POST /confirmation: who sees licence keys and the e-mail', () => {
  it.each(['stripe', 'manual'] as const)(
    'shows them to the %s reference alone within 24 hours, then only to the buying browser or the owner',
    async (gateway) => {
      later = 0;
      const email = `reader-${gateway}@example.com`;
      const { cartToken, reference } = await guestBuys(email, gateway);

      const fresh = await confirmation(reference);
      expect(fresh.status).toBe('completed');
      expect(fresh.email).toBe(email);
      expect(fresh.licenses).toHaveLength(1);
      expect(fresh.licenses[0]?.license_key).toMatch(keyPattern);
      later = hours(23);
      expect((await confirmation(reference)).licenses).toEqual(fresh.licenses);

      later = hours(25);
      const stale = await confirmation(reference);
      expect(stale.status).toBe('completed');
      expect(stale.email).toBe('');
      expect(stale.licenses).toEqual([]);
      expect(JSON.stringify(stale)).not.toContain(fresh.licenses[0]?.license_key ?? '?');
      expect(JSON.stringify(stale)).not.toContain(email);
      // Another browser's cart proves nothing.
      const strangerCart = (await buyer(t).addToCart({ download_id: downloadIds.blocks, price_id: 1 }))
        .cart_token;
      expect((await confirmation(reference, { cartToken: strangerCart })).licenses).toEqual([]);

      const buyingBrowser = await confirmation(reference, { cartToken });
      expect(buyingBrowser.email).toBe(email);
      expect(buyingBrowser.licenses).toEqual(fresh.licenses);
      later = 0;
    },
  );

  it('shows them to the signed-in owner after 24 hours, not to another account', async () => {
    later = 0;
    const { reference } = await guestBuys('customer@example.com', 'stripe');
    const fresh = await confirmation(reference);
    later = hours(25);
    const owner = await signIn(t.app, 'customer', 'Customer#2026');
    const asOwner = await confirmation(reference, { session: owner });
    expect(asOwner.email).toBe('customer@example.com');
    expect(asOwner.licenses).toEqual(fresh.licenses);
    const other = await signIn(t.app, 'manager', 'Manager#2026');
    const asOther = await confirmation(reference, { session: other });
    expect(asOther.email).toBe('');
    expect(asOther.licenses).toEqual([]);
    later = 0;
  });
});
