import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { orderNumberOffset } from '../checkout/purchase';
import type { Database } from '../db';
import { paymentItems, payments, products, users } from '../db/schema';
import type { SubscriptionRow } from '../subscriptions/records';

/**
 * The order a renewal or an instalment charge makes: a completed payment with its number, one item
 * naming the licence it paid for, so it is in the buyer's purchase history, the manager's orders and
 * the receipt like any purchase. Its gateway is the subscription's purchase's (a card).
 */
export async function createRenewalOrder(
  tx: Database,
  sub: SubscriptionRow,
  charge: { amountCents: number; currency: string; ref: string },
  at: Date,
): Promise<number> {
  const [original] = await tx
    .select({ gateway: payments.gateway, email: users.email, item: paymentItems, product: products.name })
    .from(payments)
    .innerJoin(users, eq(users.id, sub.userId))
    .innerJoin(products, eq(products.downloadId, sub.downloadId))
    .leftJoin(
      paymentItems,
      and(
        eq(paymentItems.paymentId, payments.id),
        eq(paymentItems.downloadId, sub.downloadId),
        eq(paymentItems.priceId, sub.priceId),
      ),
    )
    .where(eq(payments.id, sub.paymentId))
    .limit(1);
  if (!original) throw new Error(`subscription ${sub.id} has no purchase`);
  const [payment] = await tx
    .insert(payments)
    .values({
      number: `pending-${randomBytes(9).toString('base64url')}`,
      userId: sub.userId,
      email: original.email,
      status: 'complete',
      gateway: original.gateway,
      transactionId: charge.ref,
      purchaseKey: randomBytes(16).toString('hex'),
      subtotalCents: charge.amountCents,
      totalCents: charge.amountCents,
      currency: charge.currency,
      createdAt: at,
      completedAt: at,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('renewal payment insert returned no row');
  await tx
    .update(payments)
    .set({ number: String(orderNumberOffset + payment.id) })
    .where(eq(payments.id, payment.id));
  await tx.insert(paymentItems).values({
    paymentId: payment.id,
    downloadId: sub.downloadId,
    priceId: sub.priceId,
    licenceId: sub.licenceId,
    name: original.item?.name ?? original.product,
    priceName: original.item?.priceName ?? '',
    amountCents: charge.amountCents,
  });
  return payment.id;
}
