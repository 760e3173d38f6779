import { and, eq, gt, isNull } from 'drizzle-orm';
import { normaliseEmail } from '../auth/mailbox';
import type { Database } from '../db';
import { affiliateReferrals, affiliates, affiliateVisits, paymentItems, payments, users } from '../db/schema';
import { cookieMaxAgeSeconds } from './tracking';

const idOf = (raw: string | undefined): number | null =>
  raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : null;

/** The affwp_* values a purchase arrives with (cookies, or the billing payload from another origin). */
export type ReferralValues = Partial<
  Record<'affwp_ref_visit_id' | 'affwp_visit_id' | 'affwp_ref' | 'affwp_affiliate_id', string>
>;

/**
 * The visit a purchase may be credited to: one this server recorded (the landing's `?ref=` or
 * `POST /referral-visits`), for an active affiliate, within the cookies' 30 days, not yet credited. A
 * bare affiliate id proves nothing (anyone can type one), and an id naming another affiliate than the
 * visit's is a tampered cookie: neither credits anyone.
 */
export async function referralVisitOf(
  db: Database,
  values: ReferralValues,
  now: Date,
): Promise<number | null> {
  const visitId = idOf(values.affwp_ref_visit_id) ?? idOf(values.affwp_visit_id);
  if (visitId === null) return null;
  const since = new Date(now.getTime() - cookieMaxAgeSeconds * 1000);
  const [visit] = await db
    .select({ affiliateId: affiliateVisits.affiliateId })
    .from(affiliateVisits)
    .innerJoin(affiliates, eq(affiliates.id, affiliateVisits.affiliateId))
    .where(
      and(
        eq(affiliateVisits.id, visitId),
        isNull(affiliateVisits.referralId),
        gt(affiliateVisits.createdAt, since),
        eq(affiliates.status, 'active'),
      ),
    );
  if (!visit) return null;
  const named = [idOf(values.affwp_ref), idOf(values.affwp_affiliate_id)].filter((id) => id !== null);
  return named.every((id) => id === visit.affiliateId) ? visitId : null;
}

/**
 * Credits a payment being fulfilled to the affiliate of the visit recorded with it, inside the
 * fulfilment transaction: the visit row is locked and credits once; the payment has at most one
 * referral (unique payment_id). An affiliate earns nothing on their own purchases: bought on their
 * account (signed in, or a guest address that belongs to it), or under their account's or payment
 * e-mail address. Returns whether a referral was recorded.
 */
export async function creditReferral(
  tx: Database,
  paymentId: number,
  visitId: number,
  ratePercent: number,
): Promise<boolean> {
  const [visit] = await tx
    .select()
    .from(affiliateVisits)
    .where(and(eq(affiliateVisits.id, visitId), isNull(affiliateVisits.referralId)))
    .for('update');
  if (!visit) return false;
  const [affiliate] = await tx
    .select({
      id: affiliates.id,
      userId: affiliates.userId,
      paymentEmail: affiliates.paymentEmail,
      email: users.email,
    })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(and(eq(affiliates.id, visit.affiliateId), eq(affiliates.status, 'active')));
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!affiliate || !payment) return false;
  const ownAddresses = [affiliate.email, affiliate.paymentEmail ?? ''].filter(Boolean).map(normaliseEmail);
  if (affiliate.userId === payment.userId || ownAddresses.includes(normaliseEmail(payment.email)))
    return false;
  const amountCents = Math.floor((payment.totalCents * ratePercent) / 100);
  if (amountCents <= 0) return false;

  const items = await tx
    .select({ name: paymentItems.name, priceName: paymentItems.priceName })
    .from(paymentItems)
    .where(eq(paymentItems.paymentId, payment.id));
  const description =
    items.map((item) => `${item.name} - ${item.priceName}`).join(', ') || `Payment ${payment.number}`;
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
  if (!referral) return false;
  await tx.update(affiliateVisits).set({ referralId: referral.id }).where(eq(affiliateVisits.id, visit.id));
  return true;
}
