import { and, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../db';
import { affiliates, affiliateVisits } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { consumeRateLimit } from '../http/rate-limit';
import { CAMPAIGN_VAR, REFERRAL_VAR } from './records';

export interface VisitInput {
  ref: string;
  campaign: string;
  url: string;
  referrer: string;
}

export interface RecordedVisit {
  affiliateId: number;
  visitId: number;
  campaign: string;
}

/** Visits recorded per client address per window: a cap on rows a script can make us store. */
const visitsPerWindow = 60;
const visitWindowSeconds = 10 * 60;

/** http(s) URLs only, without credentials, cut to the column's useful length. */
function cleanUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    url.username = '';
    url.password = '';
    return url.toString().slice(0, 2000);
  } catch {
    return '';
  }
}

/**
 * Records a visit for an active affiliate named by `ref` (their id). Unknown, pending or malformed
 * references record nothing: a referral URL only counts once its affiliate is approved.
 */
export async function recordVisit(db: Database, input: VisitInput): Promise<RecordedVisit | null> {
  if (!/^\d{1,9}$/.test(input.ref)) return null;
  const affiliateId = Number(input.ref);
  const [affiliate] = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(and(eq(affiliates.id, affiliateId), eq(affiliates.status, 'active')));
  if (!affiliate) return null;
  const campaign = input.campaign.trim().slice(0, 100);
  const [visit] = await db
    .insert(affiliateVisits)
    .values({
      affiliateId,
      url: cleanUrl(input.url),
      referrer: cleanUrl(input.referrer),
      campaign: campaign || null,
    })
    .returning({ id: affiliateVisits.id });
  if (!visit) return null;
  return { affiliateId, visitId: visit.id, campaign };
}

/** Counts a visit against the client's budget; false when over it (the visit is then not recorded). */
export async function visitAllowed(db: Database, ip: string): Promise<boolean> {
  try {
    await consumeRateLimit(db, [
      { key: `affiliate-visit:ip:${ip}`, limit: visitsPerWindow, windowSeconds: visitWindowSeconds },
    ]);
    return true;
  } catch {
    return false;
  }
}

/** How long the referral is remembered for a purchase. */
export const cookieMaxAgeSeconds = 30 * 24 * 3600;

/**
 * The affwp_* cookies of spec §7. Not HttpOnly: the checkout reads them to send the affiliate info
 * after payment. They hold only public ids, never a secret.
 */
export function referralCookies(visit: RecordedVisit, secure: boolean): string[] {
  const attributes = `Path=/; Max-Age=${cookieMaxAgeSeconds}; SameSite=Lax${secure ? '; Secure' : ''}`;
  const values: Record<string, string> = {
    affwp_ref: String(visit.affiliateId),
    affwp_affiliate_id: String(visit.affiliateId),
    affwp_ref_visit_id: String(visit.visitId),
    affwp_visit_id: String(visit.visitId),
    affwp_campaign: visit.campaign,
  };
  return Object.entries(values).map(([name, value]) => `${name}=${encodeURIComponent(value)}; ${attributes}`);
}

const untrackedPrefixes = ['/api/', '/wp/', '/widgets/', '/assets/', '/dev/', '/healthz'];

/**
 * Referral tracking on the pages this server serves (the portal, the demo page, the checkout): a GET of
 * any page with `?ref={affiliate id}` records a visit and sets the affwp_* cookies on the response.
 * On a page elsewhere, the checkout a referral URL leads to records it with `POST /referral-visits`
 * (shared/affiliate/landing.ts).
 */
export function pageReferralTracking(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ref = c.req.query(REFERRAL_VAR);
    if (c.req.method !== 'GET' || !ref || untrackedPrefixes.some((prefix) => c.req.path.startsWith(prefix))) {
      return next();
    }
    const { db, config, logger, publicOrigin } = c.get('deps');
    const requested = new URL(c.req.url);
    // Behind a proxy the request URL is the internal one; the visitor saw the public origin.
    const pageUrl = new URL(`${requested.pathname}${requested.search}`, publicOrigin() ?? requested.origin);
    let visit: RecordedVisit | null = null;
    try {
      if (await visitAllowed(db, clientIp(c, config.trustProxy))) {
        visit = await recordVisit(db, {
          ref,
          campaign: c.req.query(CAMPAIGN_VAR) ?? '',
          url: pageUrl.toString(),
          referrer: c.req.header('Referer') ?? '',
        });
      }
    } catch (error) {
      // Tracking must never cost the visitor the page.
      logger.error('referral visit not recorded', { error });
    }
    await next();
    if (visit) {
      const secure = pageUrl.protocol === 'https:';
      for (const cookie of referralCookies(visit, secure)) c.res.headers.append('Set-Cookie', cookie);
    }
  };
}

/**
 * A referral URL on the site root (`/?ref=`, as they were handed out before the landing page was
 * configurable): pageReferralTracking has recorded the visit, and the visitor goes on to the landing
 * page with the cookies, rather than to the sign-in page the root leads to.
 */
export function rootReferralLanding(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' || !c.req.query(REFERRAL_VAR)) return next();
    return c.redirect(c.get('deps').config.affiliateLandingPath, 302);
  };
}
