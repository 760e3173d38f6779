import { and, eq, isNull, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { AffiliateInfoRequestSchema } from '../../shared/schemas/affiliates';
import type { UserRow } from '../auth/sessions';
import type { Database } from '../db';
import { affiliateReferrals, affiliates, affiliateVisits, paymentItems, payments } from '../db/schema';
import { HttpError, notFound } from '../http/errors';

type Env = Record<string, string | undefined>;
type AffiliateInfo = v.InferOutput<typeof AffiliateInfoRequestSchema>;

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

const idOf = (raw: string): number | null => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

/**
 * Which affiliate the cookies name. The visit is the stronger evidence (we recorded it ourselves); the
 * bare affiliate id counts when the visit is missing, e.g. cookies from an older visit that was pruned.
 */
async function referringAffiliate(
  db: Database,
  info: AffiliateInfo,
): Promise<{ affiliateId: number; visitId: number | null } | null> {
  const visitId = idOf(info.affwp_ref_visit_id) ?? idOf(info.affwp_visit_id);
  const namedId = idOf(info.affwp_ref) ?? idOf(info.affwp_affiliate_id);
  if (visitId !== null) {
    const [visit] = await db
      .select({ affiliateId: affiliateVisits.affiliateId })
      .from(affiliateVisits)
      .where(eq(affiliateVisits.id, visitId));
    if (visit && (namedId === null || namedId === visit.affiliateId)) {
      return { affiliateId: visit.affiliateId, visitId };
    }
  }
  return namedId === null ? null : { affiliateId: namedId, visitId: null };
}

/** Who sends the affiliate info. */
export interface ReferralCaller {
  /** The signed-in caller: the payment's owner by account or by its e-mail address. */
  user: UserRow | null;
  /** The caller showed the payment's own proof (what `/confirmation` accepts): a guest buyer. */
  holdsProof: boolean;
}

/**
 * The affiliate info of spec §7, sent after a completed purchase: records one referral for the payment
 * (amount by the configured rate), linked to the visit that brought the buyer. Only the payment's owner
 * (by account or by its e-mail address) or whoever holds its proof may send it; anyone else gets 404
 * and nothing is stored. Idempotent: a payment has at most one referral (unique payment_id), so repeats
 * record nothing new. Unknown, inactive or self-referring affiliates record nothing (`recorded: false`).
 */
export async function recordReferral(
  db: Database,
  caller: ReferralCaller,
  info: AffiliateInfo,
  ratePercent: number,
): Promise<boolean> {
  const { user } = caller;
  const [payment] = await db.select().from(payments).where(eq(payments.id, info.payment_id));
  const owns =
    payment !== undefined &&
    (caller.holdsProof ||
      (user !== null &&
        (payment.userId === user.id || payment.email.toLowerCase() === user.email.toLowerCase())));
  if (!payment || !owns) throw notFound();
  if (payment.status !== 'complete') {
    throw new HttpError(409, 'payment_not_completed', 'The payment is not completed.');
  }
  const [existing] = await db
    .select({ id: affiliateReferrals.id })
    .from(affiliateReferrals)
    .where(eq(affiliateReferrals.paymentId, payment.id));
  if (existing) return true;

  const source = await referringAffiliate(db, info);
  if (!source) return false;
  const [affiliate] = await db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.id, source.affiliateId), eq(affiliates.status, 'active')));
  // An affiliate earns nothing on their own purchases.
  if (!affiliate || affiliate.userId === payment.userId || affiliate.userId === user?.id) return false;
  const amountCents = Math.floor((payment.totalCents * ratePercent) / 100);
  if (amountCents <= 0) return false;

  const items = await db
    .select({ name: paymentItems.name, priceName: paymentItems.priceName })
    .from(paymentItems)
    .where(eq(paymentItems.paymentId, payment.id));
  const description =
    items.map((item) => `${item.name} - ${item.priceName}`).join(', ') || `Payment ${payment.number}`;

  return db.transaction(async (tx) => {
    const [referral] = await tx
      .insert(affiliateReferrals)
      .values({
        affiliateId: affiliate.id,
        reference: payment.number,
        amountCents,
        description: description.slice(0, 500),
        status: 'unpaid',
        paymentId: payment.id,
      })
      .onConflictDoNothing({ target: affiliateReferrals.paymentId })
      .returning({ id: affiliateReferrals.id });
    if (referral && source.visitId !== null) {
      await tx
        .update(affiliateVisits)
        .set({ referralId: referral.id })
        .where(
          and(
            eq(affiliateVisits.id, source.visitId),
            eq(affiliateVisits.affiliateId, affiliate.id),
            isNull(affiliateVisits.referralId),
          ),
        );
    }
    // A concurrent call that lost the race on payment_id still means "recorded".
    return referral !== undefined || (await paymentHasReferral(tx, payment.id));
  });
}

async function paymentHasReferral(db: Pick<Database, 'select'>, paymentId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(affiliateReferrals)
    .where(eq(affiliateReferrals.paymentId, paymentId));
  return row !== undefined;
}
