import { ElementSubtitle } from '../../shared/element/ElementTitle';
import { texts } from './texts';

/** The tabs the menu does not offer (spec §2); each shows fixed sample content, never real data. */
export const sampleTabs = ['graphs', 'settings', 'stats'] as const;
export type SampleTabId = (typeof sampleTabs)[number];

const sampleMonths = [
  ['Jan', 4],
  ['Feb', 7],
  ['Mar', 5],
  ['Apr', 9],
  ['May', 6],
  ['Jun', 11],
] as const;

const sampleStats = [
  ['Unpaid Referrals', '3'],
  ['Paid Referrals', '12'],
  ['Visits', '240'],
  ['Conversion Rate', '6.25%'],
  ['Unpaid Earnings', '$79.80'],
  ['Paid Earnings', '$420.00'],
] as const;

function Graph() {
  const max = Math.max(...sampleMonths.map(([, value]) => value));
  return (
    <figure className="affiliate__graph">
      <svg viewBox="0 0 240 120" role="img" aria-label="Referrals per month (sample)">
        {sampleMonths.map(([month, value], index) => {
          const height = (value / max) * 90;
          return (
            <g key={month}>
              <rect x={index * 40 + 8} y={100 - height} width="24" height={height} rx="3" />
              <text x={index * 40 + 20} y="115" textAnchor="middle">
                {month}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>Referrals per month (sample)</figcaption>
    </figure>
  );
}

function Settings() {
  return (
    <dl className="affiliate__facts">
      <dt>Payment Email</dt>
      <dd>affiliate@example.com</dd>
      <dt>Enable New Referral Notifications</dt>
      <dd>Yes</dd>
    </dl>
  );
}

function Stats() {
  return (
    <dl className="affiliate__facts">
      {sampleStats.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SampleTab({ id }: { id: SampleTabId }) {
  const content = { graphs: <Graph />, settings: <Settings />, stats: <Stats /> }[id];
  return (
    <section className="affiliate__sample" aria-label={`${texts.tabs[id]} (${texts.sample})`}>
      <ElementSubtitle>{texts.tabs[id]}</ElementSubtitle>
      <p className="affiliate__muted">{texts.sample}</p>
      {content}
    </section>
  );
}
