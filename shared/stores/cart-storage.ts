import { storageKeys } from '../catalogue/storage';
import { createBrowserStorage, type KeyValueStorage } from './storage';

/**
 * The guest cart token, kept beside the spec's keys (spec §9 lists `access_token` and `old_cart`).
 * It is needed because a checkout pasted into another origin's page cannot rely on cookies: the
 * server finds a visitor's cart by this random token, sent in the `X-Cart-Token` header.
 */
export const CART_TOKEN_KEY = 'vendor_cart_token';

/** The cart saved while the upsell is ticked (spec §3 "Locally stored", §4 Upsell). */
export interface OldCart {
  /** A renewal line, when the cart had one, comes first: `licenseKey` belongs to it. */
  items: { download_id: number; price_id: number }[];
  coupon?: string;
  licenseKey?: string;
}

export interface CartStorage {
  token(): string | null;
  setToken(token: string | null): void;
  oldCart(): OldCart | null;
  saveOldCart(cart: OldCart): void;
  clearOldCart(): void;
}

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** Reads old_cart defensively: another script (or an older version) may have written anything there. */
function parseOldCart(text: string | null): OldCart | null {
  try {
    const value = JSON.parse(text ?? 'null') as Partial<OldCart> | null;
    const items = Array.isArray(value?.items)
      ? value.items.filter((item) => isId(item?.download_id) && isId(item?.price_id))
      : [];
    if (!value || items.length === 0) return null;
    return {
      items: items.map(({ download_id, price_id }) => ({ download_id, price_id })),
      ...(typeof value.coupon === 'string' && value.coupon ? { coupon: value.coupon } : {}),
      ...(typeof value.licenseKey === 'string' && value.licenseKey ? { licenseKey: value.licenseKey } : {}),
    };
  } catch {
    return null;
  }
}

export function createCartStorage(storage: KeyValueStorage = createBrowserStorage()): CartStorage {
  return {
    token: () => storage.get(CART_TOKEN_KEY),
    setToken: (token) => (token ? storage.set(CART_TOKEN_KEY, token) : storage.remove(CART_TOKEN_KEY)),
    oldCart: () => parseOldCart(storage.get(storageKeys.oldCart)),
    saveOldCart: (cart) => storage.set(storageKeys.oldCart, JSON.stringify(cart)),
    clearOldCart: () => storage.remove(storageKeys.oldCart),
  };
}
