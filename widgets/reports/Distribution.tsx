import { useMemo } from 'react';
import type { Count } from '../../shared/schemas/reports';
import { BarChart } from './BarChart';

export interface DistributionProps {
  title: string;
  /** The column heading of the values, e.g. 'Version'. */
  label: string;
  counts: Count[];
  /** What is counted, the second column's heading. */
  unit?: string;
  emptyText?: string;
}

/** One part of the report: a bar chart of the counts and the same counts as a table. */
export function Distribution({
  title,
  label,
  counts,
  unit = 'Sites',
  emptyText = 'No data yet',
}: DistributionProps) {
  const labels = useMemo(() => counts.map((c) => c.label), [counts]);
  const series = useMemo(() => [counts.map((c) => c.count)], [counts]);
  const height = Math.max(120, counts.length * 28 + 40);
  return (
    <section className="reports__card" aria-label={title}>
      <h3 className="reports__card-title">{title}</h3>
      {counts.length === 0 ? (
        <p className="reports__empty">{emptyText}</p>
      ) : (
        <>
          <BarChart labels={labels} series={series} horizontal height={height} />
          <table className="reports__table">
            <caption className="vendor-visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{label}</th>
                <th scope="col">{unit}</th>
              </tr>
            </thead>
            <tbody>
              {counts.map((c) => (
                <tr key={c.label}>
                  <td>{c.label}</td>
                  <td>{c.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
