import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { apiFor } from '../../shared/api';
import { paymentResultTexts as texts } from '../../shared/api/messages';
import { safeHttpUrl } from '../../shared/api/safe-url';
import { type CommonElementProps, useElementHost } from '../../shared/element';
import type { PaymentInfo } from '../../shared/schemas/checkout';
import { createCartStorage } from '../../shared/stores/cart-storage';
import {
  accountNotice,
  confirmationRequest,
  createConfirmationStore,
} from '../../shared/stores/payment-confirmation';
import { session } from '../../shared/stores/session';
import { ButtonLink } from '../../shared/ui/Button';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { Skeleton } from '../../shared/ui/Skeleton';
import { Toaster } from '../../shared/ui/Toast';
import { PaymentDetails } from './PaymentDetails';

export interface PaymentResultProps extends CommonElementProps {
  /** `view`: 'success' (default) or 'failed'. */
  view?: 'success' | 'failed';
  /** `query`: the success page's query; default: the page's own `location.search`. */
  query?: string;
  /** `portal-url`: where the dashboard and sign-in are. Default: the origin of `api-base`. */
  portalUrl?: string;
  /** `products-url`: where 'Browse Products' leads. Default: the portal's /checkout (the product grid). */
  productsUrl?: string;
}

function portalOrigin(portalUrl: string | undefined, apiBase: string): string {
  try {
    return new URL(portalUrl || apiBase, location.href).origin;
  } catch {
    return location.origin;
  }
}

/** The host page's analytics hear of the purchase once: id, total and what was bought. */
function purchaseDetail(info: PaymentInfo) {
  return {
    payment_id: info.id,
    total: info.total,
    items: info.products.map((p) => ({ name: p.name, sku: p.sku, price: p.price })),
  };
}

/**
 * `<vendor-payment-result>`: the pages a gateway returns to (spec §2 Payment success, Payment failed).
 * Success reads `session_id`, or `edd_confirm=paypal_express&token&PayerID&payment_id`, or
 * `edd_confirm=manual&payment_id`, asks for the payment's confirmation (first after 3000 ms, again until
 * final, up to 5 retries on failure) and shows the receipt; then it sends the affiliate info.
 *
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function PaymentResult({
  apiBase,
  view = 'success',
  query,
  portalUrl,
  productsUrl,
}: PaymentResultProps) {
  const portal = portalOrigin(portalUrl, apiFor(apiBase).baseURL);
  if (view === 'failed') {
    return (
      <section className="pr pr--failed" part="root">
        <h1 className="pr__title">{texts.failed}</h1>
        <ButtonLink href={safeHttpUrl(productsUrl) ?? `${portal}/checkout`}>
          {texts.browseProducts}
        </ButtonLink>
      </section>
    );
  }
  return <PaymentSuccess apiBase={apiBase} query={query} portal={portal} />;
}

function PaymentSuccess({ apiBase, query, portal }: { apiBase?: string; query?: string; portal: string }) {
  const api = useMemo(() => apiFor(apiBase), [apiBase]);
  const { emit } = useElementHost();
  const request = useMemo(() => confirmationRequest(query ?? location.search), [query]);
  const store = useMemo(() => {
    const cartToken = createCartStorage().token;
    return createConfirmationStore(api, {
      cartToken,
      onCompleted: (info) => {
        emit('vendor-purchase-completed', purchaseDetail(info));
        // Needed once per purchase, after it completes: loaded then, not with the page. A guest has no
        // session: what confirmed the payment proves it again.
        void import('../../shared/affiliate/referral').then(({ sendAffiliateInfo }) =>
          sendAffiliateInfo(api, info.id, { request, cartToken: cartToken() }),
        );
      },
    });
  }, [api, emit, request]);
  const { status, info, error } = useStore(store.$confirmation);
  const token = useStore(session.$token);

  useEffect(() => {
    void store.start(request);
    return () => store.stop();
  }, [store, request]);

  const signedIn = token !== null;
  const notice = status === 'ready' ? accountNotice(info, signedIn) : null;
  return (
    <section className="pr" part="root" aria-busy={status === 'waiting'}>
      <h1 className="pr__title">{texts.thanks}</h1>
      <Toaster />
      <ButtonLink part="dashboard" href={signedIn ? `${portal}/user/dashboard` : `${portal}/auth/sign-in`}>
        {signedIn ? texts.goToDashboard : texts.loginToDashboard}
      </ButtonLink>
      {status === 'ready' && info ? (
        <>
          {/* Known only once the payment is confirmed: in the receipt's reserved space, nothing shifts. */}
          {notice && <p part="account-notice">{texts[notice](info.email)}</p>}
          <PaymentDetails info={info} />
        </>
      ) : status === 'failed' && request ? (
        <LoadFailure message={error} onRetry={() => void store.retry()} />
      ) : status === 'failed' ? (
        <p className="pr__error" role="alert">
          {error}
        </p>
      ) : (
        <>
          <p className="pr__waiting" role="status">
            {texts.waiting}
          </p>
          {/* The receipt's space, kept while it loads. */}
          <div className="pr__waiting-space" aria-hidden="true">
            <Skeleton height="9rem" />
            <Skeleton height="6rem" />
          </div>
        </>
      )}
    </section>
  );
}
