import { useStore } from '@nanostores/react';
import { type MouseEvent, useEffect } from 'react';
import { useElementHost } from '../../shared/element';
import { formatMoney } from '../../shared/format/money';
import type { Upgrade } from '../../shared/schemas/licences';
import type { UpgradesStore } from '../../shared/stores/upgrades';
import { Table, type TableColumn } from '../../shared/ui/Table';
import { pathOfLink } from './navigation';
import { texts } from './texts';
import { ViewHeading } from './ViewHeading';

export interface UpgradesViewProps {
  store: UpgradesStore;
  onBack: (() => void) | undefined;
  focusOnMount: boolean;
}

/** Upgrade License (spec §2): name, Upgrade Cost ($cost) and an Upgrade License link into the checkout. */
export function UpgradesView({ store, onBack, focusOnMount }: UpgradesViewProps) {
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
    { key: 'cost', header: texts.upgradeCost, cell: (u) => formatMoney(u.cost) },
    {
      key: 'link',
      header: <span className="vendor-visually-hidden">Actions</span>,
      align: 'end',
      cell: (u) => (
        <a href={u.link} onClick={follow(u)} aria-label={`${texts.upgradeLicense}: ${u.name}`}>
          {texts.upgradeLicense}
        </a>
      ),
    },
  ];

  return (
    <section className="licences__view" aria-busy={state === 'loading' || state === 'idle'}>
      <ViewHeading onBack={onBack} focusOnMount={focusOnMount}>
        {texts.upgradeLicense}
      </ViewHeading>
      {state === 'error' ? (
        <p className="licences__error" role="alert">
          {error}
        </p>
      ) : (
        <Table
          columns={columns}
          rows={upgrades}
          rowKey={(u) => `${u.download_id}:${u.price_id}`}
          emptyText={texts.noUpgradesFound}
          loading={state === 'loading' || state === 'idle'}
          skeletonRows={2}
          caption={texts.upgradeLicense}
        />
      )}
    </section>
  );
}
