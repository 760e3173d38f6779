import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { licences } from './licences';
import { payments } from './payments';
import { users } from './users';

export type SubscriptionStatus = 'active' | 'cancelled' | 'expired' | 'failing' | 'completed' | 'pending';

/** Recurring billing of a purchased tier (spec §3 Subscription). Money in integer cents. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    downloadId: integer('download_id')
      .notNull()
      .references(() => products.downloadId),
    priceId: integer('price_id').notNull(),
    /** The licence this subscription pays for: a renewal or an instalment moves its term. */
    licenceId: integer('licence_id').references(() => licences.id, { onDelete: 'set null' }),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    /** 'year' or 'month'. */
    period: text('period').notNull(),
    initialAmountCents: integer('initial_amount_cents').notNull(),
    recurringAmountCents: integer('recurring_amount_cents').notNull(),
    timesBilled: integer('times_billed').notNull().default(1),
    /** Number of payments after which billing stops; 0 = until cancelled. */
    billTimes: integer('bill_times').notNull().default(0),
    renewalAt: timestamp('renewal_at', { withTimezone: true }).notNull(),
    gatewaySubscriptionId: text('gateway_subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Failed charges of the period now due; 0 once a charge succeeds (server/billing). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** When the billing engine next looks at it: the renewal date, or the next retry while failing. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A billing process holds it until then (a crashed one's claim lapses and another takes over). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [
    index('subscriptions_user_id_idx').on(t.userId),
    index('subscriptions_licence_id_idx').on(t.licenceId),
    index('subscriptions_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
