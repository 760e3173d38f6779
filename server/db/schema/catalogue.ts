import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { BillingPeriod, ProductKind } from '../../../shared/catalogue/types';

/** Products of spec §9, keyed by their download id as the API names them. */
export const products = pgTable('products', {
  downloadId: integer('download_id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  kind: text('kind').$type<ProductKind>().notNull(),
  upsellOnly: boolean('upsell_only').notNull().default(false),
});

/** Price tiers; money in integer cents. A null site limit means unlimited activations. */
export const productTiers = pgTable(
  'product_tiers',
  {
    downloadId: integer('download_id')
      .notNull()
      .references(() => products.downloadId, { onDelete: 'cascade' }),
    priceId: integer('price_id').notNull(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    period: text('period').$type<BillingPeriod>().notNull(),
    sites: integer('sites'),
    description: jsonb('description').$type<string[]>().notNull().default([]),
    coupon: text('coupon'),
    /** Off: staging and local sites count like production ones on this tier's licences (issue 17). */
    stagingSitesFree: boolean('staging_sites_free').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.downloadId, t.priceId] })],
);

/** What a bundle contains (its nested downloads). */
export const bundleItems = pgTable(
  'bundle_items',
  {
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => products.downloadId, { onDelete: 'cascade' }),
    downloadId: integer('download_id')
      .notNull()
      .references(() => products.downloadId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.downloadId] })],
);
