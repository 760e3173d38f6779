import { defaultPriceId } from '../catalogue/checkout';

/** What the /checkout query (spec §2 route rules) or the element's attributes ask the cart to do. */
export type CheckoutIntent =
  | { kind: 'renew' | 'upgrade'; license: string; downloadId: number; priceId: number }
  | { kind: 'recover'; contents: string; racart: string }
  | { kind: 'add'; downloadId: number; priceId: number };

/** The query keys the checkout consumes; they are removed from the address once read. */
export const checkoutQueryKeys = [
  'action',
  'license',
  'download_id',
  'price_id',
  'contents',
  'racart',
] as const;

const positiveId = (value: string | null): number | null => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * Reads the query: `action=renew` (or `action=upgrade`, the upgrade links of `<vendor-licenses>`) with
 * `license`, `download_id` and `price_id` (default 1); else
 * `contents` with `racart` (cart recovery); else `download_id` with `price_id` (direct add).
 */
export function checkoutIntentFromQuery(search: string): CheckoutIntent | null {
  const query = new URLSearchParams(search);
  const downloadId = positiveId(query.get('download_id'));
  const priceId = positiveId(query.get('price_id')) ?? defaultPriceId;
  const license = query.get('license');
  const action = query.get('action');
  if ((action === 'renew' || action === 'upgrade') && license && downloadId) {
    return { kind: action, license, downloadId, priceId };
  }
  const contents = query.get('contents');
  const racart = query.get('racart');
  if (contents && racart) return { kind: 'recover', contents, racart };
  return downloadId ? { kind: 'add', downloadId, priceId } : null;
}

/** The same address without the checkout's keys, for `history.replaceState`. */
export function withoutCheckoutQuery(href: string): string {
  const url = new URL(href);
  for (const key of checkoutQueryKeys) url.searchParams.delete(key);
  return `${url.pathname}${url.search}${url.hash}`;
}
