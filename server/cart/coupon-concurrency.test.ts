import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { CartSchema, couponMessages } from '../../shared/schemas/cart';
import { couponRedemptions, coupons, payments } from '../db/schema';
import { createTestApp, jsonHeaders, type TestApp } from '../test-support/app';
import { billingFor } from '../test-support/purchase';

/**
 * Issue 26: a coupon's uses are taken under its row lock in the transaction that makes the payment, so
 * concurrent purchases never pass its limit (on PGlite and, with DATABASE_URL, on PostgreSQL).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
});
afterAll(() => t.close());

const call = (path: string, body: unknown, cartToken?: string | null) =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, ...(cartToken ? { 'X-Cart-Token': cartToken } : {}) },
    body: JSON.stringify(body),
  });

describe('coupon uses under concurrency', () => {
  it('50 simultaneous purchases on a 10-use coupon: exactly 10 redeemed, 40 refused before any payment', async () => {
    await t.handle.db.insert(coupons).values({ code: 'RUSH10', type: 'percent', amount: 100, maxUses: 10 });
    const tokens: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const added = await call('/add-to-cart', { download_id: downloadIds.blocks, price_id: 1 });
      const token = v.parse(CartSchema, await added.json()).cart_token;
      if (!token) throw new Error('no cart token');
      const applied = (await (await call('/coupon', { code: 'RUSH10', type: 'apply' }, token)).json()) as {
        is_valid: boolean;
      };
      expect(applied.is_valid).toBe(true);
      tokens.push(token);
    }
    const before = (await t.handle.db.select({ id: payments.id }).from(payments)).length;
    const answers = await Promise.all(
      tokens.map((token, i) => call('/purchase', billingFor(`rush${i}@example.com`, 'manual'), token)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(await answer.json()).toMatchObject({
        code: 'coupon_not_available',
        message: couponMessages.usedUp,
      });
    }
    const redeemed = await t.handle.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.code, 'RUSH10'));
    expect(redeemed.filter((row) => row.status === 'redeemed')).toHaveLength(10);
    expect(redeemed).toHaveLength(10);
    const [row] = await t.handle.db.select().from(coupons).where(eq(coupons.code, 'RUSH10'));
    expect(row?.uses).toBe(10);
    const after = await t.handle.db.select({ id: payments.id, status: payments.status }).from(payments);
    expect(after).toHaveLength(before + 10);
  }, 120_000);
});
