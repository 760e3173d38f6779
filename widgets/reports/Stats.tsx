export interface Stat {
  label: string;
  value: number | string;
}

/** The headline numbers of a report as a definition list of cards. */
export function Stats({ stats }: { stats: Stat[] }) {
  return (
    <dl className="reports__stats">
      {stats.map((stat) => (
        <div key={stat.label} className="reports__stat" part="stat">
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
