import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Sign-in sessions. The token itself is never stored: only its SHA-256, so a leaked table or backup
 * gives no usable tokens. `previousTokenHash` keeps the token replaced by the last rotation valid until
 * `previousValidUntil`, so requests already in flight with it do not fail.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    previousTokenHash: text('previous_token_hash'),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    /** When the current token was issued; rotation is due once it is older than the rotation interval. */
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Idle expiry, pushed forward while the session is used. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Hard limit however active the session is. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * Set on a session a shop manager or admin opened by switching into this account (spec §4): the
     * staff member it switches back to. Their account going away ends the switched session too.
     */
    switchedByUserId: integer('switched_by_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_previous_token_hash_idx').on(t.previousTokenHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);

/**
 * The "This wasn't me" links of security notices: SHA-256 of the random token only, single use,
 * expiring. A link can do one thing: end every session of its account.
 */
export const signOutLinks = pgTable(
  'sign_out_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sign_out_links_token_hash_idx').on(t.tokenHash),
    index('sign_out_links_user_id_idx').on(t.userId),
  ],
);
