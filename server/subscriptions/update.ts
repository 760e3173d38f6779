import { and, eq } from 'drizzle-orm';
import type { SubscriptionAction } from '../../shared/schemas/subscriptions';
import type { Database } from '../db';
import { payments, subscriptions } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import type { SubscriptionGateway } from './gateway';
import { type SubscriptionRecord, subscriptionOf } from './records';

/** The gateway did not take the change (its own error is the cause); our row was left as it was. */
export class GatewayRefused extends Error {
  override name = 'GatewayRefused';
}

async function tell(call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (cause) {
    throw new GatewayRefused('The payment gateway refused the change', { cause });
  }
}

const notCancellable = 'Only an active subscription can be cancelled.';
const notReactivatable =
  'Only a cancelled subscription that has not reached its renewal date can be reactivated.';

/**
 * Cancels or reactivates one of the user's subscriptions (spec §4 Subscription). Cancelling stops the
 * renewal at the period's end: the renewal date stays as the last day of access. Reactivating is for a
 * cancelled one whose period has not ended. The row is locked while the gateway is told, so two
 * clicks never both pass the status check; if the gateway refuses, nothing changes.
 */
export async function updateSubscription(
  db: Database,
  gateway: SubscriptionGateway,
  userId: number,
  id: number,
  type: SubscriptionAction,
  now = new Date(),
): Promise<SubscriptionRecord> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ row: subscriptions, gateway: payments.gateway })
      .from(subscriptions)
      .innerJoin(payments, eq(payments.id, subscriptions.paymentId))
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
      .for('update', { of: subscriptions })
      .limit(1);
    // Someone else's subscription is answered exactly like one that does not exist.
    if (!locked) throw notFound('No such subscription.');
    const { row } = locked;
    const target = { id: row.id, gateway: locked.gateway, gatewaySubscriptionId: row.gatewaySubscriptionId };

    if (type === 'cancel') {
      if (row.status !== 'active') throw new HttpError(409, 'conflict', notCancellable);
      await tell(() => gateway.cancelAtPeriodEnd(target));
      await tx
        .update(subscriptions)
        .set({ status: 'cancelled', cancelledAt: now })
        .where(eq(subscriptions.id, row.id));
    } else {
      if (row.status !== 'cancelled' || row.renewalAt <= now) {
        throw new HttpError(409, 'conflict', notReactivatable);
      }
      await tell(() => gateway.reactivate(target));
      await tx
        .update(subscriptions)
        .set({ status: 'active', cancelledAt: null })
        .where(eq(subscriptions.id, row.id));
    }
    const updated = await subscriptionOf(tx, userId, row.id);
    if (!updated) throw new Error('The subscription vanished inside its own transaction');
    return updated;
  });
}
