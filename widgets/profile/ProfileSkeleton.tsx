import { Skeleton } from '../../shared/ui';

const rows = ['first', 'last', 'display', 'email'];

/** The tab list and the profile form's fields at their real size, so nothing moves once loaded. */
export function ProfileSkeleton() {
  return (
    <div className="profile__skeleton" data-state="loading" aria-hidden="true">
      <Skeleton height={44} />
      <div className="profile__panel">
        <Skeleton width={96} height={96} circle />
        {rows.map((row) => (
          <div key={row} className="profile__skeleton-field">
            <Skeleton width="30%" height={16} />
            <Skeleton height={40} />
          </div>
        ))}
      </div>
    </div>
  );
}
