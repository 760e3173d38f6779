import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SiteKind } from '../../../shared/licences/site-kind';
import { products } from './catalogue';
import { paymentItems, payments } from './payments';
import { users } from './users';

/** Licence statuses of spec §4. */
export type LicenceStatus = 'active' | 'expired' | 'inactive' | 'pending' | 'disabled';

export const licences = pgTable(
  'licences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    paymentItemId: integer('payment_item_id').references(() => paymentItems.id, { onDelete: 'set null' }),
    downloadId: integer('download_id')
      .notNull()
      .references(() => products.downloadId),
    priceId: integer('price_id').notNull(),
    /** A bundle's licence is the parent of one child licence per product in the bundle. */
    parentLicenceId: integer('parent_licence_id').references((): AnyPgColumn => licences.id, {
      onDelete: 'cascade',
    }),
    status: text('status').$type<LicenceStatus>().notNull(),
    /** Null: unlimited activations. */
    activationLimit: integer('activation_limit'),
    /** Null: lifetime licence (shown as 'Never'). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('licences_user_id_idx').on(t.userId), index('licences_payment_id_idx').on(t.paymentId)],
);

/**
 * Sites a licence is activated on. A deactivated site is kept (deactivation reasons and counts feed the
 * reports) and no longer counts against the limit; one active row per licence and URL.
 */
export const sites = pgTable(
  'sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: integer('licence_id')
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Staging and local sites do not count against the activation limit (issue 17). */
    kind: text('kind').$type<SiteKind>().notNull().default('production'),
    platformVersion: text('platform_version'),
    runtimeVersion: text('runtime_version'),
    pluginVersion: text('plugin_version'),
    language: text('language'),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deactivationReason: text('deactivation_reason'),
  },
  (t) => [uniqueIndex('sites_active_url_idx').on(t.licenceId, t.url).where(sql`${t.deactivatedAt} is null`)],
);
