import { and, desc, eq } from 'drizzle-orm';
import type { Subscription } from '../../shared/schemas/subscriptions';
import type { Database } from '../db';
import { paymentItems, payments, products, subscriptions } from '../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const columns = {
  row: subscriptions,
  name: products.name,
  priceName: paymentItems.priceName,
  gateway: payments.gateway,
};

export type SubscriptionRecord = {
  row: SubscriptionRow;
  name: string;
  priceName: string | null;
  gateway: string;
};

/** The subscription's row with the product and tier names as sold (the purchase's item). */
function selectRecords(db: Database) {
  return db
    .select(columns)
    .from(subscriptions)
    .innerJoin(products, eq(products.downloadId, subscriptions.downloadId))
    .innerJoin(payments, eq(payments.id, subscriptions.paymentId))
    .leftJoin(
      paymentItems,
      and(
        eq(paymentItems.paymentId, subscriptions.paymentId),
        eq(paymentItems.downloadId, subscriptions.downloadId),
        eq(paymentItems.priceId, subscriptions.priceId),
      ),
    );
}

/** The user's subscriptions, newest first. */
export function subscriptionsOf(db: Database, userId: number): Promise<SubscriptionRecord[]> {
  return selectRecords(db)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

/** One subscription of this user, or null for one that does not exist or is someone else's. */
export async function subscriptionOf(
  db: Database,
  userId: number,
  id: number,
): Promise<SubscriptionRecord | null> {
  const [record] = await selectRecords(db)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .limit(1);
  return record ?? null;
}

/** spec §3 Subscription as the API answers it (cents → dollars). */
export function toSubscription(record: SubscriptionRecord): Subscription {
  const { row } = record;
  return {
    ID: row.id,
    name: record.name,
    price_name: record.priceName ?? '',
    amount: row.recurringAmountCents / 100,
    frequency: row.period,
    initial_amount: row.initialAmountCents / 100,
    renewal_date: row.renewalAt.toISOString(),
    status: row.status,
    icon: '',
    // PayPal purchases keep no card to charge: the billing engine leaves them to the renewal link.
    renews_by: record.gateway === 'paypalexpress' ? 'link' : 'card',
  };
}
