import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { payments } from './payments';
import { subscriptions } from './subscriptions';

/** Where one charge stands: sent (or about to be), paid, refused, or waiting for the customer (3-D Secure). */
export type BillingAttemptStatus = 'pending' | 'succeeded' | 'failed' | 'requires_action';

/**
 * Every off-session charge the billing engine makes, for support: the amount, the result, the gateway's
 * reference and its decline reason. The idempotency key (subscription, period, try) is sent to the
 * gateway, so a charge repeated after a crash or raced by a webhook is the same charge.
 */
export const billingAttempts = pgTable(
  'billing_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** The payment number of the period being paid: times_billed + 1 when the charge started. */
    period: integer('period').notNull(),
    /** 1 for the first try of the period, then one more per retry. */
    try: integer('try').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    gateway: text('gateway').notNull(),
    status: text('status').$type<BillingAttemptStatus>().notNull().default('pending'),
    gatewayRef: text('gateway_ref'),
    declineReason: text('decline_reason'),
    /** The renewal order a successful charge made. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * A charge waiting for the customer (3-D Secure): the random reference in its completion page's
     * address, mailed to them. Useless without the owner's sign-in; the page completes it once.
     */
    completionRef: text('completion_ref'),
  },
  (t) => [
    uniqueIndex('billing_attempts_key_idx').on(t.idempotencyKey),
    uniqueIndex('billing_attempts_completion_ref_idx').on(t.completionRef),
    index('billing_attempts_subscription_idx').on(t.subscriptionId),
    index('billing_attempts_gateway_ref_idx').on(t.gatewayRef),
  ],
);

/**
 * Reminders and expiry notices already mailed: one row per notice (its key names the licence or
 * subscription, the kind and the date it is about), so running the engine again mails nothing twice.
 */
export const billingNotices = pgTable('billing_notices', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
