import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { mailQueue, payments, subscriptions } from '../db/schema';
import { listOutbox } from '../mail/outbox';
import { createTestApp, type TestApp } from '../test-support/app';
import { billingDeps } from '../test-support/billing';
import { buyer } from '../test-support/purchase';
import { chargeSubscription } from './charge';
import { type BillingDeps, dayMs } from './deps';
import { runBilling } from './run';

/*
 * Issue 27: a renewal's receipt is written to the mail queue in the renewal's own transaction, so a
 * process that stops between the commit and the send (or a mail server that refuses) loses no receipt:
 * the next billing run, in any process, sends it, once.
 */

let t: TestApp;
let shop: ReturnType<typeof buyer>;
let deps: BillingDeps;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
  shop = buyer(t);
  deps = billingDeps(t, 'https://portal.example.com');
});
afterAll(() => t.close());

async function buyYearly(email: string) {
  const cart = await shop.addToCart({ download_id: downloadIds.links, price_id: 1 });
  const info = await shop.pay({ cartToken: cart.cart_token }, email);
  const [sub] = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.paymentId, info.id));
  if (!sub) throw new Error('no subscription');
  return sub;
}

const receiptsTo = async (email: string) =>
  (await listOutbox(t.handle.db, 1000)).filter(
    (m) => m.to === email && m.subject.startsWith('Your receipt for order #'),
  );
const renewalOrders = (email: string) =>
  t.handle.db
    .select()
    .from(payments)
    .where(and(eq(payments.email, email), eq(payments.status, 'complete')));
const queuedTo = (email: string) =>
  t.handle.db
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.to, email), isNull(mailQueue.sentAt)));

describe('the receipt of a renewal', () => {
  it('survives a process that stops after the commit: the next run sends it, once', async () => {
    const email = 'queue.stopped@example.com';
    const sub = await buyYearly(email);
    const before = (await receiptsTo(email)).length;

    // The charge and its settlement commit; the process stops before its delivery step.
    const settled = await chargeSubscription(deps, sub, sub.renewalAt);
    expect(settled?.kind).toBe('paid');
    expect(await receiptsTo(email)).toHaveLength(before);
    const [queued] = await queuedTo(email);
    expect(queued?.subject).toMatch(/^Your receipt for order #\d+$/);
    expect(queued?.text).toContain('Total: $99.00');

    // Another process's run (nothing left to charge) delivers it; a second run sends nothing more.
    const [, renewal] = await renewalOrders(email);
    await runBilling(deps, sub.renewalAt);
    await runBilling(deps, sub.renewalAt);
    const receipts = (await receiptsTo(email)).slice(0, (await receiptsTo(email)).length - before);
    expect(receipts.map((m) => m.subject)).toEqual([`Your receipt for order #${renewal?.number}`]);
    expect(await queuedTo(email)).toEqual([]);
  });

  it('waits in the queue while the mail server refuses, and goes out once it answers', async () => {
    const email = 'queue.refused@example.com';
    const sub = await buyYearly(email);
    const before = (await receiptsTo(email)).length;
    const down: BillingDeps = {
      ...deps,
      mailer: {
        send: async () => {
          throw new Error('421 mail server unavailable');
        },
      },
    };
    const summary = await runBilling(down, sub.renewalAt);
    expect(summary.charged).toBeGreaterThanOrEqual(1);
    expect(await receiptsTo(email)).toHaveLength(before);
    const [waiting] = await queuedTo(email);
    expect(waiting).toMatchObject({ attempts: 1, lastError: '421 mail server unavailable' });

    // Before its next try nothing is sent; after it, the receipt goes out once.
    await runBilling(deps, sub.renewalAt);
    expect(await receiptsTo(email)).toHaveLength(before);
    await runBilling(deps, new Date(sub.renewalAt.getTime() + dayMs));
    await runBilling(deps, new Date(sub.renewalAt.getTime() + dayMs));
    expect(await receiptsTo(email)).toHaveLength(before + 1);
    expect(await queuedTo(email)).toEqual([]);
  });
});
