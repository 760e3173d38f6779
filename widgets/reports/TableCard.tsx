import { Table, type TableColumn } from '../../shared/ui';

export interface TableCardProps<Row> {
  /** The card's heading, also the table's caption and the region's name. */
  title: string;
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  emptyText: string;
  /** A table too wide for the page scrolls inside its card; the card then takes focus, so a keyboard can scroll it. */
  scrolls?: boolean;
}

/** A full-width report card holding one table under its heading. */
export function TableCard<Row>({ title, scrolls = false, ...table }: TableCardProps<Row>) {
  return (
    <section
      className={`reports__card reports__card--wide${scrolls ? ' reports__scroll' : ''}`}
      aria-label={title}
      tabIndex={scrolls ? 0 : undefined}
    >
      <h3 className="reports__card-title">{title}</h3>
      <Table caption={title} {...table} />
    </section>
  );
}
