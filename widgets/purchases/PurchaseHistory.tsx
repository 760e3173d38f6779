import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { ElementTitle } from '../../shared/element/ElementTitle';
import { formatDate, formatMoney, formatOrderNumber, orderLabel, purchaseBadge } from '../../shared/format';
import type { Purchase } from '../../shared/schemas/purchases';
import type { PurchasesStore } from '../../shared/stores/purchases';
import { Badge, LoadFailure, Table, type TableColumn } from '../../shared/ui';
import { invoiceHref, licencesHref, useInElementLink } from './navigation';

export interface PurchaseHistoryProps {
  store: PurchasesStore;
  /** 'Generate Invoice' was followed inside the element (the host did not route it). */
  onOpenInvoice: (paymentId: number) => void;
}

/**
 * Spec §2 Purchase History: ID, Date, Amount, Status, Invoice and License Key. Refunded purchases
 * offer no invoice (the server says which purchases have one).
 */
export function PurchaseHistory({ store, onOpenInvoice }: PurchaseHistoryProps) {
  const history = useStore(store.$history);
  const headingId = useId();
  const follow = useInElementLink();

  useEffect(() => {
    void store.loadHistory();
  }, [store]);

  const columns: TableColumn<Purchase>[] = [
    { key: 'id', header: 'ID', cell: (p) => formatOrderNumber(p.number) },
    { key: 'date', header: 'Date', cell: (p) => formatDate(p.date) },
    { key: 'amount', header: 'Amount', align: 'end', cell: (p) => formatMoney(p.total) },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => <Badge tone={purchaseBadge(p.status)}>{p.status}</Badge>,
    },
    {
      key: 'invoice',
      header: 'Invoice',
      cell: (p) =>
        p.invoice_available ? (
          <a
            href={invoiceHref(p.ID)}
            part="invoice-link"
            aria-label={`Generate Invoice for ${orderLabel(p.number)}`}
            onClick={(event) => follow(event, () => onOpenInvoice(p.ID))}
          >
            Generate Invoice
          </a>
        ) : (
          <span className="purchases__none">
            <span aria-hidden="true">—</span>
            <span className="vendor-visually-hidden">No invoice</span>
          </span>
        ),
    },
    {
      key: 'licence',
      header: 'License Key',
      cell: (p) => (
        <a
          href={licencesHref(p.ID)}
          part="licence-link"
          aria-label={`View Licenses of ${orderLabel(p.number)}`}
        >
          View Licenses
        </a>
      ),
    },
  ];

  const loading = history.state === 'idle' || history.state === 'loading';

  return (
    <section className="purchases__history" aria-labelledby={headingId} aria-busy={loading}>
      <ElementTitle id={headingId} className="purchases__heading">
        Purchase History
      </ElementTitle>
      {history.state === 'error' ? (
        <LoadFailure message={history.error} onRetry={() => void store.reloadHistory()} />
      ) : (
        <Table
          caption="Purchase History"
          columns={columns}
          rows={history.purchases}
          rowKey={(p) => p.ID}
          emptyText="There have no available Purchase."
          loading={loading}
          skeletonRows={5}
        />
      )}
    </section>
  );
}
