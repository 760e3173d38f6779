import type { ApiClient } from '../api/client';

/**
 * A page opened with `?ref=` is an affiliate's landing (the referral URLs lead to the checkout): the
 * checkout records the visit there, once per page, on whatever origin embeds it, so that the purchase
 * credits the affiliate. The code that records it loads only on such a page. Silent by design: a buyer
 * never sees tracking fail, and it is not sent again. Pages this server serves record the visit
 * themselves and set the cookies, which `trackReferralVisit` then finds: it sends nothing.
 */
let landingSeen = false;

export function recordReferralLanding(api: ApiClient): void {
  if (landingSeen || !new URLSearchParams(window.location.search).has('ref')) return;
  landingSeen = true;
  import('./referral').then(({ trackReferralVisit }) => trackReferralVisit(api)).catch(() => undefined);
}
