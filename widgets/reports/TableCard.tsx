import { ScrollRegion, Table, type TableColumn } from '../../shared/ui';

export interface TableCardProps<Row> {
  /** The card's heading, also the table's caption and the region's name. */
  title: string;
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  emptyText: string;
}

/**
 * A full-width report card holding one table under its heading. A report reads across its columns, so
 * a table too wide for the card scrolls inside it at every width rather than stacking; the card then
 * takes focus, so a keyboard can scroll it.
 */
export function TableCard<Row>({ title, ...table }: TableCardProps<Row>) {
  return (
    <ScrollRegion label={title} className="reports__card reports__card--wide">
      <h3 className="reports__card-title">{title}</h3>
      <Table caption={title} {...table} />
    </ScrollRegion>
  );
}
