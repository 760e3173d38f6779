import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Captcha solutions already accepted (affiliate registration): the SHA-256 of the challenge's signature,
 * kept until the challenge expires, so one solved challenge is accepted once however often it is sent.
 */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_solutions_expires_at_idx').on(t.expiresAt)],
);
