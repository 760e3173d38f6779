import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../shared/catalogue';
import { PurchaseResponseSchema } from '../shared/schemas/checkout';
import { runBilling } from './billing/run';
import { mailQueue, payments } from './db/schema';
import { listOutbox } from './mail/outbox';
import { createTestApp, type TestApp } from './test-support/app';
import { billingDeps } from './test-support/billing';
import { injectFault } from './test-support/faults';
import { billingFor, buyer } from './test-support/purchase';

/*
 * Issue 27: a purchase's receipt is written to the mail queue in the fulfilment's own transaction, as a
 * renewal's is: it exists exactly when the order does (a fulfilment that fails takes its receipt with
 * it), and a process that stops, or a mail server that refuses, between the commit and the send loses
 * no receipt: a later delivery sends it, once.
 */

let t: TestApp;
let shop: ReturnType<typeof buyer>;
const origin = 'https://portal.example.com';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: origin });
  shop = buyer(t);
});
afterAll(() => t.close());

const receiptsTo = async (email: string) =>
  (await listOutbox(t.handle.db, 1000)).filter(
    (m) => m.to === email && m.subject.startsWith('Your receipt for order #'),
  );
const queuedTo = (email: string) => t.handle.db.select().from(mailQueue).where(eq(mailQueue.to, email));
const paymentOf = async (id: number) =>
  (await t.handle.db.select().from(payments).where(eq(payments.id, id)))[0];

/** A guest's purchase up to the sandbox card page: its path and the pending payment. */
async function startPurchase(email: string) {
  const cart = await shop.addToCart({ download_id: downloadIds.links, price_id: 1 });
  const response = await t.app.request('/api/v1/purchase', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Cart-Token': cart.cart_token ?? '' },
    body: JSON.stringify(billingFor(email)),
  });
  expect(response.status).toBe(200);
  const { url, payment_id } = v.parse(PurchaseResponseSchema, await response.json());
  return { path: new URL(url).pathname, paymentId: payment_id };
}

const payOnPage = (path: string) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      card_number: '4242 4242 4242 4242',
      card_expiry: '12/34',
      card_cvc: '123',
    }).toString(),
  });

describe('the receipt of a purchase', () => {
  it('is queued in the fulfilment’s transaction: a fulfilment that fails leaves no receipt behind', async () => {
    const email = 'receipt.rollback@example.com';
    const { path, paymentId } = await startPurchase(email);

    // The queue's insert fails: the order is not completed either (one transaction).
    const removeFault = await injectFault(t.handle.db, { table: 'mail_queue', operation: 'INSERT' });
    try {
      expect((await payOnPage(path)).status).toBe(500);
    } finally {
      await removeFault();
    }
    expect((await paymentOf(paymentId))?.status).toBe('pending');
    expect(await queuedTo(email)).toEqual([]);

    // A write after the receipt was queued fails (emptying the cart): the queued receipt goes with it.
    const removeCartFault = await injectFault(t.handle.db, { table: 'carts', operation: 'UPDATE' });
    try {
      expect((await payOnPage(path)).status).toBe(500);
    } finally {
      await removeCartFault();
    }
    expect((await paymentOf(paymentId))?.status).toBe('pending');
    expect(await queuedTo(email)).toEqual([]);
    expect(await receiptsTo(email)).toEqual([]);

    // Paid for real: one receipt, delivered through the queue (its row marked sent).
    expect((await payOnPage(path)).status).toBe(303);
    const payment = await paymentOf(paymentId);
    expect(payment?.status).toBe('complete');
    const queued = await queuedTo(email);
    expect(queued.map((row) => row.subject)).toEqual([`Your receipt for order #${payment?.number}`]);
    expect(queued[0]?.sentAt).not.toBeNull();
    const receipts = await receiptsTo(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('Total: $99.00');
  });

  it('is not lost when the send fails after the commit: a later delivery sends it, once', async () => {
    const email = 'receipt.later@example.com';
    const { path, paymentId } = await startPurchase(email);

    // The mail server refuses (the test mailer's outbox write fails) right after the commit.
    const removeFault = await injectFault(t.handle.db, {
      table: 'mail_outbox',
      operation: 'INSERT',
      when: `NEW."to" = '${email}'`,
    });
    try {
      expect((await payOnPage(path)).status).toBe(303);
    } finally {
      await removeFault();
    }
    const payment = await paymentOf(paymentId);
    expect(payment?.status).toBe('complete');
    expect(await receiptsTo(email)).toEqual([]);
    const [waiting] = await t.handle.db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.to, email), isNull(mailQueue.sentAt)));
    expect(waiting?.subject).toBe(`Your receipt for order #${payment?.number}`);
    expect(waiting?.attempts).toBe(1);

    // The billing run delivers what is queued once its retry time comes; a second run sends nothing more.
    const deps = billingDeps(t, origin);
    const later = new Date(Date.now() + 86_400_000);
    await runBilling(deps, later);
    await runBilling(deps, later);
    const receipts = await receiptsTo(email);
    expect(receipts.map((m) => m.subject)).toEqual([`Your receipt for order #${payment?.number}`]);
    expect(receipts[0]?.text).toContain('Total: $99.00');
  });
});
