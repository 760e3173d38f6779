import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One line of a stored cart. Prices are never stored: they are computed from the catalogue tables. */
export interface CartLine {
  downloadId: number;
  priceId: number;
  /** A new purchase, the renewal of a licence, or the upgrade of a licence to `priceId`. */
  kind: 'new' | 'renewal' | 'upgrade';
  /** The licence renewed or upgraded. */
  licenceId?: number;
}

/**
 * Carts (spec §3 Cart data). A guest's cart is found by the SHA-256 of the random token the client keeps
 * in localStorage (cookies are unreliable across origins); a signed-in user's by the account. A guest
 * cart merges into the account when both are presented.
 */
export const carts = pgTable('carts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text('token_hash').unique(),
  userId: integer('user_id')
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  lines: jsonb('lines').$type<CartLine[]>().notNull().default([]),
  couponCode: text('coupon_code'),
  /** The `racart` of recovery links: public, random, says nothing about the cart's owner. */
  recoveryId: text('recovery_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Coupons. `amount` is a whole percent for 'percent' and cents for 'flat'. */
export const coupons = pgTable('coupons', {
  /** Stored upper case; codes are matched case-insensitively. */
  code: text('code').primaryKey(),
  type: text('type').$type<'percent' | 'flat'>().notNull(),
  amount: integer('amount').notNull(),
  /** Only lines of these products are discounted; null means every product. */
  downloadIds: jsonb('download_ids').$type<number[]>(),
  active: boolean('active').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

/**
 * What the default cart-recovery tracker records (spec §7 tracking payload), one row per cart, so a
 * recovery link (`contents` + `racart`) can be honoured and a real service can be fed later.
 */
export const cartRecovery = pgTable(
  'cart_recovery',
  {
    externalId: text('external_id').primaryKey(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_recovery_updated_at_idx').on(t.updatedAt)],
);
