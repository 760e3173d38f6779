import { Skeleton } from '../../shared/ui';

const cards = ['a', 'b', 'c', 'd', 'e'];

/** Placeholders of the stats row and the first charts, so nothing jumps when the report arrives. */
export function ReportSkeleton() {
  return (
    <div className="reports__body" aria-hidden="true" data-state="loading">
      <div className="reports__stats">
        {cards.map((key) => (
          <div key={key} className="reports__stat">
            <Skeleton width="60%" height="0.9em" />
            <Skeleton width="40%" height="1.6em" />
          </div>
        ))}
      </div>
      <Skeleton height="260px" />
      <div className="reports__grid">
        <Skeleton height="220px" />
        <Skeleton height="220px" />
      </div>
    </div>
  );
}
