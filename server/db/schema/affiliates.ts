import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { payments } from './payments';
import { users } from './users';

/** Affiliate accounts (spec §3 Affiliate); one per user. */
export const affiliates = pgTable('affiliates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'active', 'pending', 'inactive' or 'rejected'. */
  status: text('status').notNull().default('pending'),
  paymentEmail: text('payment_email'),
  websiteUrl: text('website_url').notNull(),
  promotionMethod: text('promotion_method').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const affiliateReferrals = pgTable(
  'affiliate_referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    /** 'paid', 'unpaid', 'pending' or 'rejected'. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The purchase this referral was earned on; unique, so a payment yields at most one referral. */
    paymentId: integer('payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'set null' }),
  },
  (t) => [index('affiliate_referrals_affiliate_id_idx').on(t.affiliateId)],
);

export const affiliateVisits = pgTable(
  'affiliate_visits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    referrer: text('referrer').notNull().default(''),
    referralId: integer('referral_id').references(() => affiliateReferrals.id, { onDelete: 'set null' }),
    campaign: text('campaign'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliate_visits_affiliate_id_idx').on(t.affiliateId)],
);

export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    payoutMethod: text('payout_method').notNull(),
    /** 'paid' or 'processing'/'failed'. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliate_payouts_affiliate_id_idx').on(t.affiliateId)],
);

/** Banners and links every affiliate may use; shared by all affiliates. */
export const affiliateCreatives = pgTable('affiliate_creatives', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  image: text('image').notNull().default(''),
  text: text('text').notNull().default(''),
  url: text('url').notNull(),
  /** 'active' or 'inactive'. */
  status: text('status').notNull().default('active'),
});
