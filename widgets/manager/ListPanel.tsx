import type { ReactNode } from 'react';
import type { PagedState } from '../../shared/stores/manager';
import { LoadFailure, ScrollRegion, Table, type TableColumn } from '../../shared/ui';
import { Pager } from './Pager';
import { SearchBox } from './SearchBox';

export interface ListPanelProps<Row> {
  list: PagedState<Row>;
  /** The store's calls for this list (`store.users`, `store.orders`). */
  actions: { search: (text: string) => void; loadPage: (page: number) => Promise<void> };
  perPage: number;
  search: { label: string; placeholder: string };
  /** The accessible names of the table and of its pager. */
  names: { table: string; pages: string };
  columns: TableColumn<Row>[];
  rowKey: (row: Row) => string | number;
  emptyText: string;
  /** Between the search and the table while the list has not failed (the failure text takes its place). */
  summary?: (busy: boolean) => ReactNode;
  /**
   * The name of a region the table scrolls sideways in at every width (a list read across many columns,
   * the orders); without one, the table stacks as cards where the element is narrow (the users).
   */
  scrollRegion?: string;
}

/**
 * One tab of the shop manager (spec §2): a search box, the list's failure or summary, the table (in a
 * region that scrolls sideways, or stacking as cards where narrow), and Previous / Next. The table
 * stays while a failure shows, empty.
 */
export function ListPanel<Row>({
  list,
  actions,
  perPage,
  search,
  names,
  columns,
  rowKey,
  emptyText,
  summary,
  scrollRegion,
}: ListPanelProps<Row>) {
  const busy = list.state === 'idle' || list.state === 'loading';
  const table = (
    <Table
      caption={names.table}
      columns={columns}
      rows={list.rows}
      rowKey={rowKey}
      emptyText={emptyText}
      loading={busy}
      skeletonRows={8}
    />
  );
  return (
    <div className="manager__panel">
      <SearchBox label={search.label} placeholder={search.placeholder} onSearch={actions.search} />
      {list.state === 'error' ? (
        <LoadFailure message={list.error} onRetry={() => void actions.loadPage(list.page)} />
      ) : (
        summary?.(busy)
      )}
      {scrollRegion ? <ScrollRegion label={scrollRegion}>{table}</ScrollRegion> : table}
      <Pager
        label={names.pages}
        page={list.page}
        total={list.total}
        perPage={perPage}
        busy={busy}
        onPage={(page) => void actions.loadPage(page)}
      />
    </div>
  );
}
