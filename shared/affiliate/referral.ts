import type * as v from 'valibot';
import type { ApiClient } from '../api/client';
import {
  type AffiliateInfoRequest,
  AffiliateInfoResponseSchema,
  affiliateCookieNames,
  ReferralVisitResponseSchema,
} from '../schemas/affiliates';
import type { ConfirmationRequest, PaymentProof } from '../schemas/checkout';

/**
 * Referral tracking on the client (spec §7 "affiliate info"). The server sets the affwp_* cookies itself
 * on the pages it serves; on a page elsewhere, the checkout records the visit of a referral URL with
 * `trackReferralVisit` (landing.ts), and calls `sendAffiliateInfo` after a completed payment.
 */

/** `name=value; …` → values by name (URI-decoded; a malformed value is kept as sent). */
export function parseCookies(cookieHeader: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    const raw = part.slice(at + 1).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

/** What proves a payment for a buyer without a session: the success page's confirmation, the buying cart. */
export interface BuyerProof {
  request: ConfirmationRequest | null;
  cartToken: string | null;
}

/** The confirmation's references as the affiliate info carries them; a free order's bare id proves nothing. */
export function proofFields(request: ConfirmationRequest | null): PaymentProof {
  if (!request) return {};
  if ('session_id' in request) return { session_id: request.session_id };
  if ('token' in request) return { token: request.token, payerId: request.payerId };
  return request.payment_key ? { payment_key: request.payment_key } : {};
}

/**
 * The affiliate info payload for a payment: payment_id plus every affwp_* cookie ('' when absent), and
 * the payment's proof for a guest. Null without a visit the landing recorded (a bare affiliate id
 * credits nothing), so the checkout sends nothing for an unreferred purchase.
 */
export function affiliateInfoPayload(
  paymentId: number,
  cookieHeader: string,
  proof: PaymentProof = {},
): AffiliateInfoRequest | null {
  const cookies = parseCookies(cookieHeader);
  const payload: AffiliateInfoRequest = { payment_id: paymentId, ...proof };
  for (const name of affiliateCookieNames) payload[name] = (cookies[name] ?? '').slice(0, 200);
  return payload.affwp_ref_visit_id || payload.affwp_visit_id ? payload : null;
}

/**
 * Sends the affiliate info after a completed payment (spec §4: "Once completed, affiliate info is sent"),
 * with the buyer's proof of it, which a guest needs. Resolves to whether a referral is on record; never
 * throws, since a purchase must not fail over it.
 */
export async function sendAffiliateInfo(
  api: ApiClient,
  paymentId: number,
  proof: BuyerProof,
  cookieHeader: string = typeof document === 'undefined' ? '' : document.cookie,
): Promise<boolean> {
  const payload = affiliateInfoPayload(paymentId, cookieHeader, proofFields(proof.request));
  if (!payload) return false;
  try {
    const { data } = await api.request('POST', '/affiliate-info', AffiliateInfoResponseSchema, {
      body: { ...payload },
      headers: proof.cartToken ? { 'X-Cart-Token': proof.cartToken } : {},
    });
    return data.recorded;
  } catch {
    return false;
  }
}

/** What a page needs to remember a referral: the cookie lines to set, built from the server's answer. */
export function referralCookieLines(
  answer: v.InferOutput<typeof ReferralVisitResponseSchema>,
  secure: boolean,
  maxAgeSeconds = 30 * 24 * 3600,
): string[] {
  if (!answer.recorded || answer.affiliate_id === null || answer.visit_id === null) return [];
  const attributes = `path=/; max-age=${maxAgeSeconds}; samesite=lax${secure ? '; secure' : ''}`;
  const values: Record<string, string> = {
    affwp_ref: String(answer.affiliate_id),
    affwp_affiliate_id: String(answer.affiliate_id),
    affwp_ref_visit_id: String(answer.visit_id),
    affwp_visit_id: String(answer.visit_id),
    affwp_campaign: answer.campaign,
  };
  return Object.entries(values).map(([name, value]) => `${name}=${encodeURIComponent(value)}; ${attributes}`);
}

/**
 * On a page with `?ref=` (and optional `campaign=`), records the visit and stores the affwp_* cookies on
 * this page's origin, where the checkout will read them. Does nothing without `ref` or when the page
 * already carries cookies for this visit's affiliate and campaign (a reload is not a new visit).
 */
export async function trackReferralVisit(api: ApiClient, page: Location = window.location): Promise<boolean> {
  const query = new URLSearchParams(page.search);
  const ref = query.get('ref')?.trim();
  if (!ref) return false;
  const campaign = query.get('campaign')?.trim() ?? '';
  const cookies = parseCookies(document.cookie);
  if (cookies.affwp_ref === ref && (cookies.affwp_campaign ?? '') === campaign) return false;
  try {
    const { data } = await api.post('/referral-visits', ReferralVisitResponseSchema, {
      ref,
      campaign,
      url: page.href,
      referrer: document.referrer,
    });
    for (const line of referralCookieLines(data, page.protocol === 'https:')) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
      document.cookie = line;
    }
    return data.recorded;
  } catch {
    return false;
  }
}
