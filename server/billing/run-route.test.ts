import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../db/schema';
import { createVendorKey } from '../licensing/vendor-keys';
import { createTestApp, jsonHeaders, type TestApp } from '../test-support/app';

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
  const [admin] = await t.handle.db.select().from(users).where(eq(users.email, 'admin@example.com'));
  key = (await createVendorKey(t.handle.db, 'operator', admin?.id ?? 0)).key;
});
afterAll(() => t.close());

const run = (body: unknown, authorization = `Bearer ${key}`) =>
  t.app.request('/api/v1/billing/run', {
    method: 'POST',
    headers: { ...jsonHeaders, Authorization: authorization },
    body: JSON.stringify(body),
  });

describe('POST /billing/run (what `npm run billing` asks a server on the embedded database)', () => {
  it('runs what is due as of the time given, and the same run again does nothing', async () => {
    // The demo customer's active yearly subscriptions, charged to the saved default Visa a year on.
    const active = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.status, 'active'));
    const latest = Math.max(...active.map((s) => s.renewalAt.getTime()));
    const asOf = new Date(latest + 1000).toISOString();
    const first = await run({ as_of: asOf });
    expect(first.status).toBe(200);
    const done = (await first.json()) as { charged: number; failed: number };
    expect(done.charged + done.failed).toBeGreaterThan(0);
    const second = await run({ as_of: asOf });
    expect(await second.json()).toEqual({
      asOf,
      charged: 0,
      failed: 0,
      expired: 0,
      unanswered: 0,
      reminders: 0,
    });
  });

  it('needs a vendor key and a real time', async () => {
    expect((await run({}, 'Bearer vpk_nope')).status).toBe(401);
    expect((await run({ as_of: 'next year' })).status).toBe(400);
  });
});
