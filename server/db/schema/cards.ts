import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Where a card setup stands: the browser is at the gateway, or it came back one way or the other. */
export type CardSetupStatus = 'pending' | 'complete' | 'failed';

/**
 * One "Add New Card" (spec §4 Cards): the browser goes to the gateway's card page and comes back with
 * our random setup token, of which only the SHA-256 is kept. The token is single use and short lived;
 * `sessionRef` is the gateway's own reference (Stripe's Checkout Session id), asked about on return.
 */
export const cardSetups = pgTable(
  'card_setups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    tokenHash: text('token_hash').notNull(),
    sessionRef: text('session_ref'),
    status: text('status').$type<CardSetupStatus>().notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_setups_token_hash_idx').on(t.tokenHash),
    index('card_setups_user_id_idx').on(t.userId),
  ],
);

/** The account's customer at a gateway (Stripe's `cus_…`), made on its first card. */
export const gatewayCustomers = pgTable(
  'gateway_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gateway_customers_user_gateway_idx').on(t.userId, t.gateway)],
);
