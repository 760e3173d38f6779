import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { companies } from './companies';
import { sites } from './licences';

/** Which products a company publishes: its dashboard report covers the sites of these products. */
export const companyProducts = pgTable(
  'company_products',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    downloadId: integer('download_id')
      .notNull()
      .references(() => products.downloadId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.downloadId] })],
);

/** How a site is set up, as its plugin last reported it (`POST /telemetry`); one row per site. */
export const siteConfigs = pgTable('site_configs', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  multisite: boolean('multisite').notNull().default(false),
  /** Web server software, e.g. 'nginx', 'Apache', 'LiteSpeed'. */
  server: text('server'),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 'subscribed', 'unsubscribed' or 'cleaned' (bounced addresses), as mailing-list services name them. */
export type MailListStatus = 'subscribed' | 'unsubscribed' | 'cleaned';

/** A company's newsletter members (the mail-list analytics of spec §1). */
export const mailListMembers = pgTable(
  'mail_list_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status').$type<MailListStatus>().notNull(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the member left or bounced; null while subscribed. */
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_list_members_company_email_idx').on(t.companyId, t.email),
    index('mail_list_members_company_idx').on(t.companyId),
  ],
);
