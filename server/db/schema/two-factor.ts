import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Per-account 2FA guard: wrong codes counted across every challenge of the account (signing in again
 * does not reset them), the lock they trigger, and the last TOTP time step accepted (a code works once).
 */
export const twoFactorGuards = pgTable('two_factor_guards', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
});

/** Recovery (backup) codes: an HMAC of each code only, keyed with SECRETS_KEY; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

/**
 * A sign-in (or a signed-in user's 2FA change) waiting for its second factor. The client holds the
 * ticket (the `X-2FA-Auth-Id`), the table only its SHA-256. `level` is the setup step of spec §4
 * ('1' … '3.1'); secrets and codes in flight are sealed (AES-256-GCM) or hashed, never plain.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketHash: text('ticket_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * 'verify': a code is asked before the token; 'setup': the account configures 2FA first; 'reauth':
     * an e-mail code mailed to confirm a sensitive change of a signed-in session.
     */
    kind: text('kind').$type<'verify' | 'setup' | 'reauth'>().notNull(),
    /** Session that started a signed-in 2FA change (profile), null during sign-in. */
    sessionId: integer('session_id'),
    level: text('level').notNull(),
    method: text('method').$type<'totp' | 'email'>(),
    /** The authenticator secret being set up, sealed. */
    pendingSecret: text('pending_secret'),
    emailCodeHash: text('email_code_hash'),
    emailCodeExpiresAt: timestamp('email_code_expires_at', { withTimezone: true }),
    /** The new recovery codes, sealed, until the user has downloaded them. */
    pendingCodes: text('pending_codes'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_ticket_hash_idx').on(t.ticketHash),
    index('two_factor_challenges_user_id_idx').on(t.userId),
  ],
);

/** Password reset keys (spec §7 /reset-password): SHA-256 of the key only, single use, 1 hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_key_hash_idx').on(t.keyHash)],
);
