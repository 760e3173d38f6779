import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { paging } from '../../shared/catalogue/paging';
import { formatDate, formatMoney } from '../../shared/format';
import { payoutBadge, referralBadge } from '../../shared/format/badges';
import type { Payout, Referral, Visit } from '../../shared/schemas/affiliates';
import type { AffiliateListKind, AffiliateStore } from '../../shared/stores/affiliates';
import { Badge } from '../../shared/ui/Badge';
import { Button } from '../../shared/ui/Button';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { Table, type TableColumn } from '../../shared/ui/Table';
import { texts } from './texts';

const date = { key: 'date', header: 'Date', cell: (row: { date: string }) => formatDate(row.date) };

const referralColumns: TableColumn<Referral>[] = [
  { key: 'reference', header: 'Reference' },
  { key: 'amount', header: 'Amount', align: 'end', cell: (row) => formatMoney(row.amount) },
  { key: 'description', header: 'Description' },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <Badge tone={referralBadge(row.status)}>{row.status}</Badge>,
  },
  date,
];

const payoutColumns: TableColumn<Payout>[] = [
  date,
  { key: 'amount', header: 'Amount', align: 'end', cell: (row) => formatMoney(row.amount) },
  { key: 'payout_method', header: 'Payout Method' },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <Badge tone={payoutBadge(row.status)}>{row.status}</Badge>,
  },
];

const visitColumns: TableColumn<Visit>[] = [
  { key: 'url', header: 'URL', cell: (row) => <span className="affiliate__wrap">{row.url}</span> },
  {
    key: 'referrer',
    header: 'Referring URL',
    cell: (row) => <span className="affiliate__wrap">{row.referrer || '—'}</span>,
  },
  { key: 'campaign', header: 'Campaign', cell: (row) => row.campaign || '—' },
  { key: 'referral_id', header: 'Converted', cell: (row) => (row.referral_id === null ? 'No' : 'Yes') },
  date,
];

const columns = { referrals: referralColumns, payouts: payoutColumns, visits: visitColumns };

/** One paged list of spec §7 (20 per page, newest first), with the spec's failure text and a retry. */
export function ListTab({ store, kind }: { store: AffiliateStore; kind: AffiliateListKind }) {
  const list = useStore(store.$lists[kind]);
  useEffect(() => {
    void store.loadList(kind);
  }, [store, kind]);

  const pages = Math.max(1, Math.ceil(list.total / paging.affiliateLists));
  const loading = list.state === 'idle' || list.state === 'loading';
  return (
    <div className="affiliate__list" aria-busy={loading}>
      {list.state === 'error' ? (
        <LoadFailure message={list.error} onRetry={() => void store.loadPage(kind, list.page)} />
      ) : (
        <Table
          columns={columns[kind] as TableColumn<(typeof list.rows)[number]>[]}
          rows={list.rows}
          rowKey={(row) => row.id}
          emptyText={texts.empty[kind]}
          loading={loading}
          caption={texts.tabs[kind]}
        />
      )}
      {pages > 1 && (
        <nav className="affiliate__pager" part="pager" aria-label={`${texts.tabs[kind]} pages`}>
          <Button
            variant="secondary"
            size="small"
            disabled={loading || list.page <= 1}
            onClick={() => void store.loadPage(kind, list.page - 1)}
          >
            {texts.previous}
          </Button>
          <span aria-live="polite">{texts.page(list.page, pages)}</span>
          <Button
            variant="secondary"
            size="small"
            disabled={loading || list.page >= pages}
            onClick={() => void store.loadPage(kind, list.page + 1)}
          >
            {texts.next}
          </Button>
        </nav>
      )}
    </div>
  );
}
