import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { licenceBadge } from '../../shared/format/badges';
import { formatExpiration } from '../../shared/format/expiration';
import type { Product } from '../../shared/schemas/licences';
import type { ProductsStore } from '../../shared/stores/licences';
import { Badge } from '../../shared/ui/Badge';
import { Button } from '../../shared/ui/Button';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { Skeleton } from '../../shared/ui/Skeleton';
import { Table, type TableColumn } from '../../shared/ui/Table';
import { activations, LicenceKey } from './LicenceKey';
import { BundleModal } from './lazy-views';
import type { LicencesRoute } from './navigation';
import { ProductActions } from './ProductActions';
import { texts } from './texts';
import { ViewHeading } from './ViewHeading';

export interface ProductsViewProps {
  store: ProductsStore;
  /** The dashboard's short list: no title, no paging, no Back (the host frames it). */
  dashboard: boolean;
  go: (route: LicencesRoute) => void;
  onBack: (() => void) | undefined;
  focusOnMount: boolean;
}

/*
 * Loading cells shaped like the real ones, line for line and button for button (the buttons stack across
 * a card on a phone as the real ones do, licenses.css): the rows keep their height when the data arrives.
 */
const productSkeleton = (
  <span className="licences__product">
    <strong>
      <Skeleton className="licences__skeleton-text" width="9em" />
    </strong>
    <span className="licences__muted">
      <Skeleton className="licences__skeleton-text" width="6em" />
    </span>
  </span>
);
const keySkeleton = (
  <span className="licences__key">
    <Skeleton className="licences__skeleton-text" width="9em" />
    <Skeleton className="licences__skeleton-button" width="4.5em" height={32} />
  </span>
);
const actionsSkeleton = (
  <span className="licences__actions">
    <Skeleton className="licences__skeleton-button" width="7em" height={32} />
    <Skeleton className="licences__skeleton-button" width="8.5em" height={32} />
    <Skeleton className="licences__skeleton-button" width="8.5em" height={32} />
  </span>
);

/** My Products (spec §2): 20 per page, each row with its download, key, sites and renewal or upgrades. */
export function ProductsView({ store, dashboard, go, onBack, focusOnMount }: ProductsViewProps) {
  const { state, products, page, total, error } = useStore(store.$products);
  const [bundle, setBundle] = useState<Product | null>(null);
  useEffect(() => {
    void store.load();
  }, [store]);

  const columns: TableColumn<Product>[] = [
    {
      key: 'name',
      header: 'Product',
      width: '18%',
      cell: (p) => (
        <span className="licences__product">
          <strong>{p.name}</strong>
          <span className="licences__muted">{p.price_name}</span>
        </span>
      ),
      skeleton: productSkeleton,
    },
    {
      key: 'key',
      header: 'License Key',
      width: '17%',
      cell: (p) => <LicenceKey license={p.license} />,
      skeleton: keySkeleton,
    },
    {
      key: 'status',
      header: 'Status',
      width: '9%',
      cell: (p) => <Badge tone={licenceBadge(p.license.status)}>{p.license.status}</Badge>,
    },
    {
      key: 'activations',
      header: 'Activations',
      width: '10%',
      cell: (p) => activations(p.license, texts.unlimited),
    },
    {
      key: 'expiration',
      header: 'Expiration',
      width: '12%',
      // spec §4: an expired licence hides its expiry (the row offers renewal instead).
      cell: (p) => (p.license.status === 'expired' ? '' : formatExpiration(p.license.expiration)),
    },
    {
      key: 'actions',
      header: <span className="vendor-visually-hidden">Actions</span>,
      cell: (p) => <ProductActions product={p} go={go} onBundle={setBundle} />,
      skeleton: actionsSkeleton,
    },
  ];

  const pages = Math.max(1, Math.ceil(total / store.perPage));
  return (
    <section className="licences__view" aria-busy={state === 'loading' || state === 'idle'}>
      {!dashboard && (
        <ViewHeading onBack={onBack} focusOnMount={focusOnMount}>
          {texts.myProducts}
        </ViewHeading>
      )}
      {state === 'error' ? (
        <LoadFailure message={error} onRetry={() => void store.loadPage(page)} />
      ) : (
        <Table
          columns={columns}
          rows={products}
          rowKey={(p) => p.license.license_id}
          emptyText={texts.noProducts}
          loading={state === 'loading' || state === 'idle'}
          skeletonRows={dashboard ? store.perPage : 5}
          caption={texts.myProducts}
          className="licences__keys"
        />
      )}
      {!dashboard && pages > 1 && (
        <nav className="licences__pager" aria-label="Product pages">
          <Button
            variant="secondary"
            size="small"
            disabled={page <= 1 || state === 'loading'}
            onClick={() => void store.loadPage(page - 1)}
          >
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button
            variant="secondary"
            size="small"
            disabled={page >= pages || state === 'loading'}
            onClick={() => void store.loadPage(page + 1)}
          >
            Next
          </Button>
        </nav>
      )}
      {bundle && (
        // The modal's code loads on the first bundle opened; it takes no space in the page meanwhile.
        <BundleModal key={bundle.license.license_id} product={bundle} onClose={() => setBundle(null)} />
      )}
    </section>
  );
}
