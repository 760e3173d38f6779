import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { ElementTitle } from '../../shared/element/ElementTitle';
import { orderLabel } from '../../shared/format';
import type { GeoStore } from '../../shared/stores/geo';
import type { PurchasesStore } from '../../shared/stores/purchases';
import { LoadFailure, Skeleton } from '../../shared/ui';
import { InvoiceForm } from './InvoiceForm';
import { historyPath, useInElementLink } from './navigation';

export interface InvoiceViewProps {
  store: PurchasesStore;
  geo: GeoStore;
  paymentId: number;
  /** The back link was followed inside the element (the host did not route it). */
  onBack: () => void;
}

const skeletonFields = ['name', 'email', 'country', 'state', 'line1', 'line2', 'city', 'zip', 'vat'];

/** Placeholder fields of the real ones' size while the invoice data loads. */
function FormSkeleton() {
  return (
    <div className="purchases__skeleton" aria-hidden="true" data-state="loading">
      {skeletonFields.map((key) => (
        <div key={key} className="purchases__skeleton-field">
          <Skeleton width="40%" height="1.1em" />
          <Skeleton height={40} />
        </div>
      ))}
    </div>
  );
}

/** Spec §2 Generate Invoice for one purchase: the form, a back link to /user/purchase-history. */
export function InvoiceView({ store, geo, paymentId, onBack }: InvoiceViewProps) {
  const invoice = store.invoice(paymentId);
  const state = useStore(invoice.$invoice);
  const headingId = useId();
  const follow = useInElementLink();

  useEffect(() => {
    void invoice.load();
  }, [invoice]);

  const loading = state.state === 'idle' || state.state === 'loading';

  return (
    <section className="purchases__invoice" aria-labelledby={headingId} aria-busy={loading}>
      <a
        className="purchases__back"
        href={historyPath}
        part="back"
        onClick={(event) => follow(event, onBack)}
      >
        <span aria-hidden="true">← </span>Back to Purchase History
      </a>
      <div className="purchases__title">
        <ElementTitle id={headingId} className="purchases__heading">
          Generate Invoice
        </ElementTitle>
        {state.data && (
          <p className="purchases__subtitle">
            {orderLabel(state.data.order_number)}
            {state.data.number && ` · Invoice ${state.data.number}`}
          </p>
        )}
      </div>
      {state.state === 'error' ? (
        <LoadFailure message={state.error} onRetry={() => void invoice.reload()} />
      ) : loading || !state.data ? (
        <FormSkeleton />
      ) : (
        <InvoiceForm key={paymentId} invoice={invoice} geo={geo} paymentId={paymentId} initial={state.data} />
      )}
    </section>
  );
}
