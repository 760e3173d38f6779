import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { payments } from './payments';
import { users } from './users';

/**
 * The invoice of a purchase (spec §3 Invoice data): one per payment, numbered once from one sequence
 * per vendor, so generating it again gives the same number with the billing details last entered.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1, 2, 3, … without gaps: allocated under a lock in the same transaction as the insert. */
    sequence: integer('sequence').notNull().unique(),
    /** The printed number, also in the file name Invoice-{number}.pdf. */
    number: text('number').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    country: text('country').notNull(),
    zip: text('zip').notNull(),
    vat: text('vat').notNull().default(''),
    notes: text('notes').notNull().default(''),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_user_id_idx').on(t.userId)],
);
