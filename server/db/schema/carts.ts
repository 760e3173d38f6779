import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { payments } from './payments';
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

/**
 * Coupons and the limits a vendor sets on them (all optional). `amount` is a whole percent for 'percent'
 * and cents for 'flat'. `uses` counts the uses taken: reserved by a pending payment (released when it
 * fails) or redeemed by a completed one, each a row of coupon_redemptions; the check keeps it within
 * `max_uses` whatever the code does.
 */
export const coupons = pgTable(
  'coupons',
  {
    /** Stored upper case; codes are matched case-insensitively. */
    code: text('code').primaryKey(),
    type: text('type').$type<'percent' | 'flat'>().notNull(),
    amount: integer('amount').notNull(),
    /** Only lines of these products are discounted; null means every product. */
    downloadIds: jsonb('download_ids').$type<number[]>(),
    /** Only these tiers (price ids) of those products; null means every tier. */
    priceIds: jsonb('price_ids').$type<number[]>(),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Uses in all; null: unlimited. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    /** Uses per customer, counted by account and by e-mail address; null: unlimited. */
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** Whether renewal and upgrade lines are discounted too. */
    appliesToRenewals: boolean('applies_to_renewals').notNull().default(true),
    appliesToUpgrades: boolean('applies_to_upgrades').notNull().default(true),
    /** The cart's subtotal (before discounts) it needs, in cents; null: none. */
    minAmountCents: integer('min_amount_cents'),
  },
  (t) => [
    check(
      'coupons_uses_within_max',
      sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`,
    ),
  ],
);

/**
 * One row per payment that took a use of a coupon: 'reserved' while the payment is pending (its use
 * counted in coupons.uses), 'redeemed' once fulfilled, 'released' when the payment failed or was
 * replaced by a new payment of the same cart (its use given back), 'over_limit' when a released
 * payment was paid after all with no use left (fulfilled: the buyer paid; kept for the vendor).
 * `email` is the buyer's address normalised (`normaliseEmail`), so uses per customer count every
 * spelling of one mailbox.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code')
      .notNull()
      .references(() => coupons.code, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status').$type<'reserved' | 'redeemed' | 'released' | 'over_limit'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (t) => [
    index('coupon_redemptions_code_user_idx').on(t.code, t.userId),
    index('coupon_redemptions_code_email_idx').on(t.code, t.email),
  ],
);

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
