import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { apiFor } from '../../shared/api';
import { type CommonElementProps, useElementHost } from '../../shared/element';
import { cartStoreFor } from '../../shared/stores/cart';
import { checkoutIntentFromQuery, withoutCheckoutQuery } from '../../shared/stores/checkout-query';
import { Button } from '../../shared/ui/Button';
import { CartPage } from './CartPage';
import { CheckoutHeader } from './CheckoutHeader';
import { CheckoutSkeleton } from './CheckoutSkeleton';
import { EmptyCart } from './EmptyCart';

export interface CheckoutProps extends CommonElementProps {
  /** `download-id`: the product a CMS page sells; added to the cart when it is not there yet. */
  downloadId?: number;
  /** `price-id`: its tier (default 1). */
  priceId?: number;
  /** `portal-url`: where Sign In and Profile lead. Default: the origin of `api-base`. */
  portalUrl?: string;
}

/** The portal the header links to: `portal-url`, else the API's own origin. */
function portalOrigin(portalUrl: string | undefined, apiBase: string): string {
  try {
    return new URL(portalUrl || apiBase, location.href).origin;
  } catch {
    return location.origin;
  }
}

/**
 * `<vendor-checkout>`: the cart and checkout of spec §2 and §4, for any page of any origin, with no
 * account. Reads the /checkout query (`action=renew&license&download_id&price_id`, `contents&racart`,
 * `download_id&price_id`) once and removes it from the address.
 *
 * @tag vendor-checkout
 * @attr {string} api-base - The vendor API v1 base URL. Default: the same origin's `/api/v1`.
 * @attr {'light'|'dark'|'auto'} theme - Colour scheme. Default: `light`.
 * @attr {number} download-id - A product to put in the cart (when it is not there yet).
 * @attr {number} price-id - Its tier; default 1.
 * @attr {string} portal-url - The customer portal (Sign In, Profile). Default: the origin of `api-base`.
 * @fires vendor-cart-changed - `{items: {download_id, price_id, name, subtotal}[], total}` after every cart change.
 * @fires vendor-coupon-applied - `{code, type, amount}` when a coupon is accepted.
 * @fires vendor-switch-back - `{}` when a switched shop manager picks Switch Back.
 * @csspart root - The whole checkout.
 * @csspart header - The header with Sign In or the profile menu.
 * @csspart cart - The cart column.
 * @csspart payment - The payment column.
 * @csspart payment-form - The billing form (Personal Information, Billing Details, method, agreements).
 * @csspart pay-button - The pay button.
 * @csspart product - A product card of the empty-cart grid.
 * @cssprop --vendor-color-primary - Buttons, links, selected options.
 * @cssprop --vendor-color-surface - Cards.
 * @cssprop --vendor-radius - Corners.
 */
export function Checkout({ apiBase, downloadId, priceId, portalUrl }: CheckoutProps) {
  const api = useMemo(() => apiFor(apiBase), [apiBase]);
  const store = useMemo(() => cartStoreFor(api), [api]);
  const { status, cart, error } = useStore(store.$cart);
  const { emit } = useElementHost();

  useEffect(() => {
    const intent = checkoutIntentFromQuery(location.search);
    if (intent) history.replaceState(history.state, '', withoutCheckoutQuery(location.href));
    void store.start(intent, downloadId ? { downloadId, priceId: priceId ?? 1 } : undefined);
  }, [store, downloadId, priceId]);

  useEffect(() => {
    if (!cart) return;
    emit('vendor-cart-changed', {
      items: cart.details.map((d) => ({
        download_id: d.id,
        price_id: d.options.price_id,
        name: d.name,
        subtotal: d.subtotal,
      })),
      total: cart.total,
    });
  }, [cart, emit]);

  const loading = status === 'idle' || status === 'loading' || status === 'renewing';
  return (
    <div className="co" part="root" aria-busy={loading || status === 'separate-loading'}>
      <CheckoutHeader api={api} portal={portalOrigin(portalUrl, api.baseURL)} />
      {loading ? (
        <CheckoutSkeleton />
      ) : status === 'error' || !cart ? (
        <div className="co__failed" role="alert">
          <p>{error}</p>
          <Button variant="secondary" onClick={() => void store.retry()}>
            Try again
          </Button>
        </div>
      ) : cart.details.length === 0 ? (
        <EmptyCart store={store} />
      ) : (
        <CartPage store={store} api={api} />
      )}
    </div>
  );
}
