import { useEffect, useMemo, useState } from 'react';
import { apiFor } from '../../shared/api';
import type { CommonElementProps } from '../../shared/element';
import { geoStoreFor } from '../../shared/stores/geo';
import { purchasesStoreFor } from '../../shared/stores/purchases';
import { Toaster } from '../../shared/ui';
import { InvoiceView } from './InvoiceView';
import { PurchaseHistory } from './PurchaseHistory';

export interface PurchasesProps extends CommonElementProps {
  /** `view`: `history` (default) or `invoice` (the Generate Invoice form of `payment-id`). */
  view?: string;
  /** `payment-id`: the purchase whose invoice the `invoice` view generates. */
  paymentId?: number;
}

type Shown = { view: 'history' } | { view: 'invoice'; paymentId: number };

function shownFrom(view: string | undefined, paymentId: number | undefined): Shown {
  return view === 'invoice' && paymentId !== undefined && Number.isInteger(paymentId) && paymentId > 0
    ? { view: 'invoice', paymentId }
    : { view: 'history' };
}

/**
 * `<vendor-purchases>`: the customer's purchase history (spec §2 Purchase History) and, with
 * `view="invoice"`, the Generate Invoice form of one purchase, which downloads `Invoice-{number}.pdf`.
 * Needs a signed-in visitor (token in `localStorage.access_token`).
 *
 * Links: 'Generate Invoice' is `generate-invoice/{id}` and 'View Licenses' `manage-license/{id}`,
 * relative to the page; the form's back link is `/user/purchase-history`. Following 'Generate Invoice'
 * or the back link announces a cancelable `vendor-navigate`; a host that cancels it routes the path
 * itself, otherwise the element switches its view in place.
 *
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function Purchases({ apiBase, view, paymentId }: PurchasesProps) {
  const api = useMemo(() => apiFor(apiBase), [apiBase]);
  const store = useMemo(() => purchasesStoreFor(api), [api]);
  const geo = useMemo(() => geoStoreFor(api), [api]);
  const [shown, setShown] = useState<Shown>(() => shownFrom(view, paymentId));

  // The host changed the attributes (the portal routing a new path): they win.
  useEffect(() => setShown(shownFrom(view, paymentId)), [view, paymentId]);

  return (
    <div className="purchases" part="root">
      <Toaster />
      {shown.view === 'invoice' ? (
        <InvoiceView
          key={shown.paymentId}
          store={store}
          geo={geo}
          paymentId={shown.paymentId}
          onBack={() => setShown({ view: 'history' })}
        />
      ) : (
        <PurchaseHistory store={store} onOpenInvoice={(id) => setShown({ view: 'invoice', paymentId: id })} />
      )}
    </div>
  );
}
