import { useStore } from '@nanostores/react';
import { type MouseEvent, useEffect } from 'react';
import { useElementHost } from '../../shared/element';
import { licenceBadge } from '../../shared/format/badges';
import { formatExpiration } from '../../shared/format/expiration';
import { orderLabel } from '../../shared/format/order-number';
import type { License } from '../../shared/schemas/licences';
import { Badge } from '../../shared/ui/Badge';
import { Button } from '../../shared/ui/Button';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { Table, type TableColumn } from '../../shared/ui/Table';
import { activations, LicenceKey } from './LicenceKey';
import { type LicencesRoute, pathOfLink } from './navigation';
import { FreeSitesNote } from './SiteKinds';
import { texts } from './texts';
import { usePurchaseStore } from './use-purchase-store';
import { ViewHeading } from './ViewHeading';
import { viewTexts } from './view-texts';

export interface ManageLicenseViewProps {
  paymentId: number;
  go: (route: LicencesRoute) => void;
  onBack: (() => void) | undefined;
  focusOnMount: boolean;
}

/** Manage License (spec §2): the licences of one purchase. */
export function ManageLicenseView({ paymentId, go, onBack, focusOnMount }: ManageLicenseViewProps) {
  const store = usePurchaseStore(paymentId);
  const { state, purchase, error } = useStore(store.$purchase);
  const { announceNavigation: announce } = useElementHost();
  useEffect(() => {
    void store.load();
  }, [store]);

  const renew = (license: License) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!announce(pathOfLink(license.renewal_link))) event.preventDefault();
  };
  const primaryId = purchase?.licenses[0]?.license_id;

  const columns: TableColumn<License>[] = [
    { key: 'item', header: 'Item', width: '16%', cell: (l) => l.name },
    // Room for the key and its copy button side by side (the fixed layout shares the rest equally).
    { key: 'key', header: 'Key', width: '20%', cell: (l) => <LicenceKey license={l} /> },
    {
      key: 'status',
      header: 'Status',
      width: '10%',
      cell: (l) => <Badge tone={licenceBadge(l.status)}>{l.status}</Badge>,
    },
    { key: 'activations', header: 'Activations', width: '12%', cell: (l) => activations(l, texts.unlimited) },
    {
      key: 'expiration',
      header: 'Expiration',
      width: '14%',
      cell: (l) => (l.status === 'expired' ? '' : formatExpiration(l.expiration)),
    },
    {
      key: 'sites',
      header: 'Manage Sites',
      cell: (l) => (
        <Button
          variant="secondary"
          size="small"
          aria-label={`${texts.manageSites}: ${l.name}`}
          onClick={() =>
            go({
              view: 'manage-sites',
              paymentId,
              // The purchase's own licence is the page's default; a bundled one is named.
              licenseId: l.license_id === primaryId ? undefined : l.license_id,
            })
          }
        >
          {texts.manageSites}
        </Button>
      ),
    },
    {
      key: 'upgrade',
      header: 'Upgrade',
      cell: (l) =>
        !l.has_upgrades ? (
          viewTexts.noUpgrades
        ) : l.status === 'expired' ? (
          <a href={l.renewal_link} onClick={renew(l)}>
            {viewTexts.renewLicenseLink}
          </a>
        ) : (
          <Button variant="link" onClick={() => go({ view: 'upgrades', licenseId: l.license_id })}>
            {viewTexts.viewUpgrade}
          </Button>
        ),
    },
  ];

  return (
    <section className="licences__view" aria-busy={state === 'loading' || state === 'idle'}>
      <ViewHeading onBack={onBack} focusOnMount={focusOnMount}>
        {viewTexts.manageLicense}
      </ViewHeading>
      {purchase && <p className="licences__muted">{orderLabel(purchase.number)}</p>}
      {state === 'error' ? (
        <LoadFailure message={error} onRetry={() => void store.reload()} />
      ) : (
        <>
          <Table
            columns={columns}
            rows={purchase?.licenses ?? []}
            rowKey={(l) => l.license_id}
            emptyText={texts.noLicense}
            loading={state === 'loading' || state === 'idle'}
            skeletonRows={3}
            caption={viewTexts.manageLicense}
            className="licences__keys"
          />
          <FreeSitesNote licenses={purchase?.licenses ?? []} />
        </>
      )}
    </section>
  );
}
