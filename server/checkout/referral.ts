import { parseCookies } from '../../shared/affiliate/referral';
import type { ReferralValues } from '../affiliates/credit';

const referralNames = ['affwp_ref_visit_id', 'affwp_visit_id', 'affwp_ref', 'affwp_affiliate_id'] as const;

/**
 * The affwp_* values a purchase arrives with: the page's cookies (a checkout on our own origin) or the
 * same names in the billing payload (a checkout on another origin, whose page holds the cookies). Only
 * the visit id they name can credit anyone (`referralVisitOf`).
 */
export function referralValuesOfPurchase(
  body: Record<string, unknown>,
  cookieHeader: string,
): ReferralValues {
  const cookies = parseCookies(cookieHeader);
  const found: ReferralValues = {};
  for (const name of referralNames) {
    const fromBody = body[name];
    const value = typeof fromBody === 'string' && fromBody.trim() ? fromBody.trim() : cookies[name];
    if (value) found[name] = value.slice(0, 200);
  }
  return found;
}
