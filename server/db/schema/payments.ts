import { type AnyPgColumn, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { licences } from './licences';
import { users } from './users';

/** 'complete', 'pending', 'refunded', 'failed' or 'abandoned' (the statuses the history shows). */
export type PaymentStatus = 'complete' | 'pending' | 'refunded' | 'failed' | 'abandoned';

/** Purchases (spec §3 Purchase). Money in integer cents. */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The human-facing order number, also the invoice number. */
    number: text('number').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    gateway: text('gateway').notNull(),
    transactionId: text('transaction_id'),
    /** Secret reference used by the free-download call and payment confirmation. */
    purchaseKey: text('purchase_key').notNull().unique(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Fulfilment made the buyer's account (a guest with a new address), rather than finding one. */
    createdAccount: boolean('created_account').notNull().default(false),
  },
  (t) => [index('payments_user_id_idx').on(t.userId)],
);

export const paymentItems = pgTable(
  'payment_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    downloadId: integer('download_id')
      .notNull()
      .references(() => products.downloadId),
    priceId: integer('price_id').notNull(),
    /**
     * The existing licence this item renewed or upgraded; null for a new purchase, whose licence names
     * its item instead (licences.payment_item_id).
     */
    licenceId: integer('licence_id').references((): AnyPgColumn => licences.id, { onDelete: 'set null' }),
    /** Name and tier name as sold, kept even if the catalogue changes later. */
    name: text('name').notNull(),
    priceName: text('price_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [index('payment_items_payment_id_idx').on(t.paymentId)],
);
