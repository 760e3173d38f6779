import { useMemo } from 'react';
import { formatMonth } from '../../shared/format/dates';
import { ScrollRegion } from '../../shared/ui';
import { BarChart } from './BarChart';

export interface MonthlyChartProps {
  title: string;
  months: string[];
  /** Two series, in the order of `names`. */
  series: [number[], number[]];
  names: [string, string];
}

/** Two figures per month over the last 12 months: a grouped bar chart and the same numbers as a table. */
export function MonthlyChart({ title, months, series, names }: MonthlyChartProps) {
  const labels = useMemo(() => months.map(formatMonth), [months]);
  const data = useMemo(() => [series[0], series[1]], [series]);
  return (
    <section className="reports__card reports__card--wide" aria-label={title}>
      <h3 className="reports__card-title">{title}</h3>
      <p className="reports__legend" aria-hidden="true">
        <span className="reports__key reports__key--a">{names[0]}</span>
        <span className="reports__key reports__key--b">{names[1]}</span>
      </p>
      <BarChart labels={labels} series={data} />
      {/* Scrolls inside the card where the card is narrow. */}
      <ScrollRegion label={`${title}, by month`}>
        <table className="reports__table">
          <caption className="vendor-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">{names[0]}</th>
              <th scope="col">{names[1]}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month, index) => (
              <tr key={month}>
                <th scope="row">{labels[index]}</th>
                <td>{series[0][index]}</td>
                <td>{series[1][index]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
