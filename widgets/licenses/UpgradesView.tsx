import { useStore } from '@nanostores/react';
import { type MouseEvent, useEffect, useMemo } from 'react';
import { apiFor } from '../../shared/api';
import { useElementHost } from '../../shared/element';
import { formatMoney } from '../../shared/format/money';
import type { Upgrade } from '../../shared/schemas/licences';
import { upgradesStoreFor } from '../../shared/stores/upgrades';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { Table, type TableColumn } from '../../shared/ui/Table';
import { useApiBase } from './api-base';
import { pathOfLink } from './navigation';
import { texts } from './texts';
import { ViewHeading } from './ViewHeading';
import { viewTexts } from './view-texts';

export interface UpgradesViewProps {
  /** The licence whose upgrades are listed. */
  licenseId: number;
  onBack: (() => void) | undefined;
  focusOnMount: boolean;
}

/**
 * Upgrade License (spec §2): name, Upgrade Cost ($cost) and an Upgrade License link into the checkout.
 * The view makes its store itself, so the store's code loads with the view (on demand), not before.
 */
export function UpgradesView({ licenseId, onBack, focusOnMount }: UpgradesViewProps) {
  const apiBase = useApiBase();
  const store = useMemo(() => upgradesStoreFor(apiFor(apiBase), licenseId), [apiBase, licenseId]);
  const { state, upgrades, error } = useStore(store.$upgrades);
  const { announceNavigation: announce } = useElementHost();
  useEffect(() => {
    void store.load();
  }, [store]);

  const follow = (upgrade: Upgrade) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!announce(pathOfLink(upgrade.link))) event.preventDefault();
  };

  const columns: TableColumn<Upgrade>[] = [
    { key: 'name', header: 'Name', cell: (u) => u.name },
    { key: 'cost', header: viewTexts.upgradeCost, cell: (u) => formatMoney(u.cost) },
    {
      key: 'link',
      header: <span className="vendor-visually-hidden">Actions</span>,
      align: 'end',
      cell: (u) => (
        <a href={u.link} onClick={follow(u)} aria-label={`${viewTexts.upgradeLicense}: ${u.name}`}>
          {viewTexts.upgradeLicense}
        </a>
      ),
    },
  ];

  return (
    <section className="licences__view" aria-busy={state === 'loading' || state === 'idle'}>
      <ViewHeading onBack={onBack} focusOnMount={focusOnMount}>
        {viewTexts.upgradeLicense}
      </ViewHeading>
      {state === 'error' ? (
        <LoadFailure message={error} onRetry={() => void store.reload()} />
      ) : (
        <Table
          columns={columns}
          rows={upgrades}
          rowKey={(u) => `${u.download_id}:${u.price_id}`}
          emptyText={texts.noUpgradesFound}
          loading={state === 'loading' || state === 'idle'}
          skeletonRows={2}
          caption={viewTexts.upgradeLicense}
        />
      )}
    </section>
  );
}
