import { eq } from 'drizzle-orm';
import { parseCookies } from '../../shared/affiliate/referral';
import { affiliateCookieNames } from '../../shared/schemas/affiliates';
import { recordReferral, referralRatePercent } from '../affiliates/referrals';
import type { Database } from '../db';
import { users } from '../db/schema';
import type { Logger } from '../logger';

export type AffiliateCookies = Partial<Record<(typeof affiliateCookieNames)[number], string>>;

/**
 * The affwp_* values a purchase arrives with: the page's cookies (a checkout on our own origin) or the
 * same names in the billing payload (a checkout on another origin, whose page holds the cookies). Null
 * when nothing names an affiliate.
 */
export function affiliateOfPurchase(
  body: Record<string, unknown>,
  cookieHeader: string,
): AffiliateCookies | null {
  const cookies = parseCookies(cookieHeader);
  const found: AffiliateCookies = {};
  for (const name of affiliateCookieNames) {
    const fromBody = body[name];
    const value = typeof fromBody === 'string' && fromBody.trim() ? fromBody.trim() : cookies[name];
    if (value) found[name] = value.slice(0, 200);
  }
  return found.affwp_ref || found.affwp_affiliate_id ? found : null;
}

/**
 * Records the referral of a fulfilled payment (spec §7 affiliate info) for its owner, so a guest's
 * purchase counts too (the success page's own call needs a session). Idempotent with that call; a
 * failure is logged, never the buyer's problem.
 */
export async function recordPurchaseReferral(
  deps: { db: Database; logger: Logger },
  paymentId: number,
  userId: number,
  affiliate: AffiliateCookies,
): Promise<void> {
  try {
    const [owner] = await deps.db.select().from(users).where(eq(users.id, userId));
    if (!owner) return;
    await recordReferral(
      deps.db,
      { user: owner, holdsProof: false },
      { payment_id: paymentId, ...affiliateDefaults, ...affiliate },
      referralRatePercent(),
    );
  } catch (error) {
    deps.logger.error('purchase referral failed', { paymentId, error });
  }
}

const affiliateDefaults = Object.fromEntries(affiliateCookieNames.map((name) => [name, ''])) as Record<
  (typeof affiliateCookieNames)[number],
  string
>;
