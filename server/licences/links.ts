import type { Context } from 'hono';
import { defaultPriceId } from '../../shared/catalogue';
import type { AppEnv } from '../http/app-env';

/** The origin links should use: the public one when known, since the element may run on another site. */
export function publicOriginOf(c: Context<AppEnv>): string {
  return c.get('deps').publicOrigin() ?? new URL(c.req.url).origin;
}

function checkoutUrl(origin: string, query: Record<string, string | number>): string {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return `${origin}/checkout?${params.toString()}`;
}

/** spec §2: renewal is `/checkout?action=renew&license=…&download_id=…&price_id=…` (price id default 1). */
export function renewalLink(
  origin: string,
  licenceKey: string,
  downloadId: number,
  priceId?: number,
): string {
  return checkoutUrl(origin, {
    action: 'renew',
    license: licenceKey,
    download_id: downloadId,
    price_id: priceId ?? defaultPriceId,
  });
}

/**
 * An upgrade: the checkout's query in the renewal's form with `action=upgrade`, which the cart's
 * `upgrade` action takes (licence key, download_id and the new price_id).
 */
export function upgradeLink(origin: string, licenceKey: string, downloadId: number, priceId: number): string {
  return checkoutUrl(origin, {
    action: 'upgrade',
    license: licenceKey,
    download_id: downloadId,
    price_id: priceId,
  });
}
