import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** Account types of spec §6. Anything else read from the database is treated as the default type. */
export type AccountTypeValue = 'SUPER_ADMIN' | 'ADMIN' | 'SHOP_MANAGER' | 'CUSTOMER';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    /** Stored as typed; uniqueness and look-ups go through lower(email). */
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash`, see server/auth/passwords.ts. */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name').notNull().default(''),
    accountType: text('account_type').$type<AccountTypeValue>().notNull().default('CUSTOMER'),
    isCustomer: boolean('is_customer').notNull().default(true),
    /** 'active' or 'disabled'; a disabled account cannot sign in. */
    status: text('status').notNull().default('active'),
    /** The TOTP secret once authenticator 2FA is configured, sealed (server/auth/secret-box.ts); null otherwise. */
    totpSecret: text('totp_secret'),
    emailTwoFactor: boolean('email_two_factor').notNull().default(false),
    /** Account policy: it must set up 2FA before it gets a token (walked through the setup levels). */
    twoFactorRequired: boolean('two_factor_required').notNull().default(false),
    /** The company profile the account currently works in (company accounts only). */
    activeCompanyId: integer('active_company_id').references((): AnyPgColumn => companies.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
  ],
);

/** The billing address of spec §3 (profile, invoice and checkout share it); one per user. */
export const billingAddresses = pgTable('billing_addresses', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  line1: text('line1').notNull().default(''),
  line2: text('line2').notNull().default(''),
  country: text('country').notNull().default(''),
  state: text('state').notNull().default(''),
  city: text('city').notNull().default(''),
  zip: text('zip').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Saved cards. Only the gateway's reference and what the card list shows are kept: never a card
 * number, which stays with the payment gateway.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The gateway that holds the card ('sandbox', 'stripe'): it is told when the card changes. */
    gateway: text('gateway').notNull().default('sandbox'),
    gatewayRef: text('gateway_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_methods_gateway_ref_idx').on(t.gatewayRef),
    // At most one default card per user, enforced by the database rather than by every caller.
    uniqueIndex('payment_methods_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
