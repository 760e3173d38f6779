import type { ReactNode } from 'react';
import { useStyles } from '../element/use-styles';
import { Skeleton } from './Skeleton';
import tableStyles from './table.css?inline';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  /** The cell's content; default `row[key]` as text. */
  cell?: (row: Row) => ReactNode;
  align?: 'start' | 'end' | 'center';
  /** A CSS width for the column, e.g. '8rem'. */
  width?: string;
  /**
   * The name shown beside the cell when the rows stack as cards (a narrow table); default the header when
   * it is text. A column with neither (the actions) spans the card's width.
   */
  label?: string;
  /**
   * What the cell shows while the rows load, shaped like its content (two lines, a button) so that nothing
   * moves when the data arrives, in either layout; default one line of text.
   */
  skeleton?: ReactNode;
}

export interface TableProps<Row> {
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The spec's empty text for this table, e.g. 'No license found'. */
  emptyText: string;
  /** Shows skeleton rows of the real rows' height while the data loads. */
  loading?: boolean;
  skeletonRows?: number;
  /** The table's accessible name (visually hidden caption). */
  caption?: string;
  className?: string;
}

/** Placeholder rows have no identity of their own; stable keys keep Biome and the reconciler happy. */
const skeletonKeys = (count: number) => Array.from({ length: count }, (_, index) => `skeleton-${index}`);

const labelOf = <Row,>(column: TableColumn<Row>) =>
  column.label ?? (typeof column.header === 'string' ? column.header : undefined);

/**
 * A data table. Where the table itself is narrow (a phone, or a narrow column of someone else's page:
 * a container query, not the window's width) each row becomes a card of 'label: value' lines, actions
 * across its width. Loading, empty and filled share one row shape, so nothing moves when the data arrives.
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  emptyText,
  loading = false,
  skeletonRows = 5,
  caption,
  className,
}: TableProps<Row>) {
  useStyles(tableStyles);
  const state = loading ? 'loading' : rows.length === 0 ? 'empty' : 'ready';
  return (
    <div className={className ? `ui-table ${className}` : 'ui-table'} part="table" data-state={state}>
      <table aria-busy={loading || undefined}>
        {caption && <caption className="vendor-visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" data-align={column.align} style={{ width: column.width }}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {state === 'loading' &&
            skeletonKeys(skeletonRows).map((key) => (
              <tr key={key} data-skeleton="">
                {columns.map((column) => (
                  <td key={column.key} data-label={labelOf(column)}>
                    {column.skeleton ?? <Skeleton width="70%" height="1em" />}
                  </td>
                ))}
              </tr>
            ))}
          {state === 'empty' && (
            <tr>
              <td className="ui-table__empty" colSpan={columns.length}>
                {emptyText}
              </td>
            </tr>
          )}
          {state === 'ready' &&
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} data-align={column.align} data-label={labelOf(column)}>
                    {column.cell
                      ? column.cell(row)
                      : String((row as Record<string, unknown>)[column.key] ?? '')}
                  </td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
