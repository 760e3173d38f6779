import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { recordReferralLanding } from '../../shared/affiliate/landing';
import { apiFor } from '../../shared/api';
import { type CommonElementProps, useElementHost } from '../../shared/element';
import { type CartStore, cartStoreFor } from '../../shared/stores/cart';
import { checkoutIntentFromQuery, withoutCheckoutQuery } from '../../shared/stores/checkout-query';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { lazyComponent } from '../../shared/ui/lazy-component';
import { CartPage } from './CartPage';
import { CheckoutBrand } from './CheckoutBrand';
import { CheckoutHeader } from './CheckoutHeader';
import { CheckoutSkeleton } from './CheckoutSkeleton';

export interface CheckoutProps extends CommonElementProps {
  /** `download-id`: the product a CMS page sells; added to the cart when it is not there yet. */
  downloadId?: number;
  /** `price-id`: its tier (default 1). */
  priceId?: number;
  /** `portal-url`: where Sign In and Profile lead. Default: the origin of `api-base`. */
  portalUrl?: string;
  /** `brand`: the shop's name at the top of the checkout. */
  brand?: string;
  /** `brand-logo`: an http(s) address of the shop's logo, shown before its name. */
  brandLogo?: string;
}

/**
 * The empty-cart page (its product grid) is fetched only when a cart has no line: a product page's
 * checkout, whose cart has its line, never downloads it. The checkout's skeleton stays meanwhile.
 */
const EmptyCart = lazyComponent<{ store: CartStore }>(
  () => import('./EmptyCart').then((module) => module.EmptyCart),
  <CheckoutSkeleton />,
);

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
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function Checkout({ apiBase, downloadId, priceId, portalUrl, brand, brandLogo }: CheckoutProps) {
  const api = useMemo(() => apiFor(apiBase), [apiBase]);
  const store = useMemo(() => cartStoreFor(api), [api]);
  const { status, cart, error, notice } = useStore(store.$cart);
  const { emit } = useElementHost();

  // Before the checkout's own query leaves the address.
  useEffect(() => recordReferralLanding(api), [api]);

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
      <div className="co__top">
        <CheckoutBrand brand={brand} logo={brandLogo} />
        <CheckoutHeader api={api} portal={portalOrigin(portalUrl, api.baseURL)} />
      </div>
      {notice && !loading && (
        <p className="co__card co__notice" role="alert">
          {notice}
        </p>
      )}
      {/* A change that failed (a tier, a line, an add) with the cart still on screen says why. */}
      {error && status === 'ready' && (
        <p className="co__card co__notice" role="alert" part="cart-error">
          {error}
        </p>
      )}
      {loading ? (
        <CheckoutSkeleton />
      ) : status === 'error' || !cart ? (
        <LoadFailure message={error} onRetry={() => void store.retry()} />
      ) : cart.details.length === 0 ? (
        <EmptyCart store={store} />
      ) : (
        <CartPage store={store} api={api} />
      )}
    </div>
  );
}
