import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyBundle, downloadIds } from '../shared/catalogue';
import {
  type Subscription,
  SubscriptionListSchema,
  SubscriptionUpdatedSchema,
} from '../shared/schemas/subscriptions';
import { subscriptions } from './db/schema';
import type { SubscriptionGateway } from './subscriptions/gateway';
import { GatewayRefused, updateSubscription } from './subscriptions/update';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

let t: TestApp;
let customer: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
  other = await signIn(t.app, 'affiliate@example.com', 'Affiliate#2026');
});
afterAll(() => t.close());

const get = (token: string) => t.app.request('/api/v1/subscriptions', { headers: { 'X-WP-Nonce': token } });
const post = (token: string, body: unknown) =>
  t.app.request('/api/v1/subscriptions', {
    method: 'POST',
    headers: { ...jsonHeaders, 'X-WP-Nonce': token },
    body: JSON.stringify(body),
  });

async function list(token = customer): Promise<Subscription[]> {
  const response = await get(token);
  expect(response.status).toBe(200);
  return v.parse(SubscriptionListSchema, await response.json());
}
async function byDownload(downloadId: number): Promise<Subscription> {
  const [row] = await t.handle.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.downloadId, downloadId));
  const found = (await list()).find((s) => s.ID === row?.id);
  if (!found) throw new Error(`no subscription for ${downloadId}`);
  return found;
}
async function stored(id: number) {
  const [row] = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error(`no row ${id}`);
  return row;
}
const gatewayCalls = () =>
  t.logger.entries
    .filter((entry) => entry.message === 'subscription gateway')
    .map((entry) => entry.fields as { action: string; gatewaySubscriptionId: string });

describe('GET /subscriptions', () => {
  it("lists the caller's subscriptions newest first, amounts in dollars", async () => {
    const all = await list();
    expect(all.map((s) => [s.name, s.price_name, s.amount, s.frequency, s.initial_amount, s.status])).toEqual(
      [
        [
          'Agency Bundle',
          'Agency Yearly',
          agencyBundle.tiers[0]?.price,
          'year',
          agencyBundle.tiers[0]?.price,
          'active',
        ],
        ['Addons Plugin', '1 Site', 49.97, 'year', 49.97, 'cancelled'],
      ],
    );
    for (const s of all) expect(Number.isNaN(Date.parse(s.renewal_date))).toBe(false);
  });
  it('is empty for a user without subscriptions, and 401 without a token', async () => {
    expect(await list(other)).toEqual([]);
    const response = await t.app.request('/api/v1/subscriptions');
    expect(response.status).toBe(401);
  });
});

describe('POST /subscriptions', () => {
  it('cancels an active subscription at the period end and tells the gateway', async () => {
    const bundle = await byDownload(agencyBundle.downloadId);
    const before = await stored(bundle.ID);
    const response = await post(customer, { id: bundle.ID, type: 'cancel' });
    expect(response.status).toBe(200);
    const { subscription } = v.parse(SubscriptionUpdatedSchema, await response.json());
    expect(subscription.status).toBe('cancelled');
    const after = await stored(bundle.ID);
    expect(after.status).toBe('cancelled');
    expect(after.cancelledAt).not.toBeNull();
    // Renewal stops at the end of the period already paid: the date stays.
    expect(after.renewalAt.getTime()).toBe(before.renewalAt.getTime());
    expect(gatewayCalls().at(-1)).toMatchObject({
      action: 'cancel_at_period_end',
      gatewaySubscriptionId: 'sub_demo_bundle',
    });
  });

  it('reactivates a cancelled subscription that has not expired', async () => {
    const bundle = await byDownload(agencyBundle.downloadId);
    const response = await post(customer, { id: bundle.ID, type: 'reactivate' });
    expect(response.status).toBe(200);
    expect(v.parse(SubscriptionUpdatedSchema, await response.json()).subscription.status).toBe('active');
    const after = await stored(bundle.ID);
    expect(after.status).toBe('active');
    expect(after.cancelledAt).toBeNull();
    expect(gatewayCalls().at(-1)).toMatchObject({
      action: 'reactivate',
      gatewaySubscriptionId: 'sub_demo_bundle',
    });
  });

  it('refuses to cancel one that is not active, or reactivate one that is not cancelled: 409, unchanged', async () => {
    const addons = await byDownload(downloadIds.addons);
    const bundle = await byDownload(agencyBundle.downloadId);
    const calls = gatewayCalls().length;
    const cancelAgain = await post(customer, { id: addons.ID, type: 'cancel' });
    expect(cancelAgain.status).toBe(409);
    expect(((await cancelAgain.json()) as { message: string }).message).toBe(
      'Only an active subscription can be cancelled.',
    );
    const reactivateActive = await post(customer, { id: bundle.ID, type: 'reactivate' });
    expect(reactivateActive.status).toBe(409);
    expect((await stored(addons.ID)).status).toBe('cancelled');
    expect((await stored(bundle.ID)).status).toBe('active');
    expect(gatewayCalls().length).toBe(calls);
  });

  it('refuses to reactivate a cancelled one whose period has ended', async () => {
    const addons = await byDownload(downloadIds.addons);
    const original = await stored(addons.ID);
    await t.handle.db
      .update(subscriptions)
      .set({ renewalAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, addons.ID));
    try {
      const response = await post(customer, { id: addons.ID, type: 'reactivate' });
      expect(response.status).toBe(409);
      expect((await stored(addons.ID)).status).toBe('cancelled');
    } finally {
      await t.handle.db
        .update(subscriptions)
        .set({ renewalAt: original.renewalAt })
        .where(eq(subscriptions.id, addons.ID));
    }
  });

  it("another user's subscription id is 404 and nothing changes", async () => {
    const bundle = await byDownload(agencyBundle.downloadId);
    const calls = gatewayCalls().length;
    const response = await post(other, { id: bundle.ID, type: 'cancel' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect((await stored(bundle.ID)).status).toBe('active');
    expect(gatewayCalls().length).toBe(calls);
    const unknown = await post(customer, { id: 999_999, type: 'cancel' });
    expect(unknown.status).toBe(404);
  });

  it('validates the body with field messages', async () => {
    const bad = await post(customer, { id: 'x', type: 'pause' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'validation_error',
      data: { fields: { id: 'id must be a number.', type: 'type must be cancel or reactivate.' } },
    });
  });

  it('leaves the row unchanged when the gateway refuses', async () => {
    const bundle = await byDownload(agencyBundle.downloadId);
    const refusing: SubscriptionGateway = {
      cancelAtPeriodEnd: () => Promise.reject(new Error('card network down')),
      reactivate: () => Promise.reject(new Error('card network down')),
    };
    await expect(
      updateSubscription(t.handle.db, refusing, (await stored(bundle.ID)).userId, bundle.ID, 'cancel'),
    ).rejects.toBeInstanceOf(GatewayRefused);
    const after = await stored(bundle.ID);
    expect(after.status).toBe('active');
    expect(after.cancelledAt).toBeNull();
  });
});
