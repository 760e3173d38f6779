import { eq, sql } from 'drizzle-orm';
import type { UserRow } from '../auth/sessions';
import type { Database } from '../db';
import { affiliateReferrals, payments } from '../db/schema';
import { HttpError, notFound } from '../http/errors';

type Env = Record<string, string | undefined>;

/** `AFFILIATE_REFERRAL_RATE_PERCENT` (default 20): the affiliate's share of a referred payment's total. */
export function referralRatePercent(env: Env = process.env): number {
  const raw = env.AFFILIATE_REFERRAL_RATE_PERCENT?.trim();
  if (!raw) return 20;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 0 || rate > 100) {
    throw new Error(`AFFILIATE_REFERRAL_RATE_PERCENT must be between 0 and 100, got "${raw}".`);
  }
  return rate;
}

/** Who sends the affiliate info. */
export interface ReferralCaller {
  /** The signed-in caller: the payment's owner by account or by its e-mail address. */
  user: UserRow | null;
  /** The caller showed the payment's own proof (what `/confirmation` accepts): a guest buyer. */
  holdsProof: boolean;
}

/**
 * The affiliate info of spec §7, sent after a completed purchase: answers whether the payment is
 * credited to an affiliate. It records nothing: the credit is decided at fulfilment from the visit the
 * server recorded when the purchase was made (`creditReferral`), so a buyer cannot assign a payment to
 * an affiliate after the fact, whatever the affwp_* values say. Only the payment's owner (by account or
 * by its e-mail address) or whoever holds its proof may ask; anyone else gets 404.
 */
export async function referralOnRecord(
  db: Database,
  caller: ReferralCaller,
  paymentId: number,
): Promise<boolean> {
  const { user } = caller;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  const owns =
    payment !== undefined &&
    (caller.holdsProof ||
      (user !== null &&
        (payment.userId === user.id || payment.email.toLowerCase() === user.email.toLowerCase())));
  if (!payment || !owns) throw notFound();
  if (payment.status !== 'complete') {
    throw new HttpError(409, 'payment_not_completed', 'The payment is not completed.');
  }
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(affiliateReferrals)
    .where(eq(affiliateReferrals.paymentId, payment.id));
  return row !== undefined;
}
