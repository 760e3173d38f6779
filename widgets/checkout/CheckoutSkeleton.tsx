import { Skeleton } from '../../shared/ui/Skeleton';

/** The skeleton page (spec §2): the two columns' shapes at their real size, so nothing moves. */
export function CheckoutSkeleton() {
  return (
    <div className="co__page" data-state="loading">
      <div className="co__col">
        {['a', 'b'].map((key) => (
          <div key={key} className="co__card co__line">
            <Skeleton width={56} height={56} />
            <div className="co__grow">
              <Skeleton width="60%" height="1.1em" />
              <Skeleton width="35%" />
            </div>
          </div>
        ))}
        <Skeleton height={96} />
        <Skeleton height={44} />
      </div>
      <div className="co__col">
        <Skeleton height={180} />
        <Skeleton height={44} />
      </div>
    </div>
  );
}
