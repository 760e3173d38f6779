import type { StorageSnapshot, TourRecord } from './proof-recorder';

/**
 * The rules the token-safety proof checks a recorded tour against. Pure functions over the record, so
 * each rule reads as what it forbids.
 */

/** Storage the spec names: §3 "Locally stored" and §9 (local storage), §7 (the cookies it reads). */
export const specStorage = {
  local: ['access_token', 'old_cart'],
  session: [] as string[],
  cookies: [
    // Affiliate referral (spec §7 "affiliate info").
    'affwp_ref',
    'affwp_ref_visit_id',
    'affwp_visit_id',
    'affwp_affiliate_id',
    'affwp_campaign',
    // Cart recovery (spec §7 "tracking POST to a third-party cart-recovery service").
    'racart',
    'ra_customer_id',
  ],
} as const;

/**
 * Keys the code stores that the spec does not name. Listed here, not folded into `specStorage`, so the
 * proof prints them as a deviation and fails if one disappears (then it must leave this list) or a new
 * one appears. The lead decides whether the spec or the code changes.
 */
export const deviationsFromSpec = {
  local: {
    // shared/stores/cart-storage.ts: the guest cart's token, sent as X-Cart-Token (a checkout pasted on
    // another origin cannot rely on cookies). Spec §3/§9 name only access_token and old_cart.
    vendor_cart_token: 'guest cart token (shared/stores/cart-storage.ts)',
  },
  session: {
    // shared/stores/checkout-draft.ts: the checkout form as typed when the buyer leaves for the gateway,
    // so PayPal's Cancel brings it back (issue 23); this tab only, no card data, cleared with the cart.
    vendor_checkout_form: 'checkout form draft (shared/stores/checkout-draft.ts)',
  },
} as const;

export type StorageArea = 'local' | 'session' | 'cookies';

/** Every key seen in an area during the tour, with the pages it was seen on. */
export function storageKeysSeen(snapshots: readonly StorageSnapshot[]): Record<StorageArea, Set<string>> {
  const seen = { local: new Set<string>(), session: new Set<string>(), cookies: new Set<string>() };
  for (const snapshot of snapshots) {
    for (const key of Object.keys(snapshot.local)) seen.local.add(key);
    for (const key of Object.keys(snapshot.session)) seen.session.add(key);
    for (const name of snapshot.cookies) seen.cookies.add(name);
  }
  return seen;
}

/** Keys outside the spec's list, as `area:key`. */
export function keysOutsideSpec(seen: Record<StorageArea, Set<string>>): string[] {
  const outside: string[] = [];
  for (const area of ['local', 'session', 'cookies'] as const) {
    const allowed = new Set<string>(specStorage[area]);
    for (const key of seen[area]) if (!allowed.has(key)) outside.push(`${area}:${key}`);
  }
  return outside.sort();
}

/** Where a secret was found where it must never be: `<place>: <url or message>`. */
export interface Leak {
  place: string;
  where: string;
}

/** Secrets shorter than this would match by chance; the server's tokens are 32 random bytes. */
const minimumSecretLength = 16;

function containsAny(text: string, secrets: readonly string[]): boolean {
  if (!text) return false;
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // Not percent-encoded text: the raw form is checked.
  }
  return secrets.some((secret) => text.includes(secret) || decoded.includes(secret));
}

/**
 * Finds the secrets in URLs (requests and documents), in Referer headers, anywhere in a request to
 * another origin (URL, headers, body), and in console output.
 */
export function findLeaks(record: TourRecord, ownOrigin: string): Leak[] {
  const secrets = [...record.sessionTokens, ...record.cartTokens].filter(
    (secret) => secret.length >= minimumSecretLength,
  );
  const leaks: Leak[] = [];
  for (const request of record.requests) {
    if (containsAny(request.url, secrets)) leaks.push({ place: 'request URL', where: request.url });
    const referer = request.headers.referer ?? '';
    if (containsAny(referer, secrets)) leaks.push({ place: 'Referer', where: `${referer} → ${request.url}` });
    if (new URL(request.url).origin !== ownOrigin) {
      const sent = [request.url, ...Object.values(request.headers), request.body].join('\n');
      if (containsAny(sent, secrets)) leaks.push({ place: 'request to another origin', where: request.url });
    }
  }
  for (const url of record.documentUrls)
    if (containsAny(url, secrets)) leaks.push({ place: 'address bar', where: url });
  for (const line of record.console)
    if (containsAny(line, secrets)) leaks.push({ place: 'console', where: line.slice(0, 200) });
  return leaks;
}
