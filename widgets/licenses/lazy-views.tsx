import { lazy } from 'react';
import { Skeleton } from '../../shared/ui/Skeleton';

/**
 * The views other than My Products (the default, and the dashboard's list), and the bundle modal, each
 * loaded the first time it is shown: a visitor of the product list downloads none of them. The modules
 * export named components, so each is adapted to the `default` that `lazy` expects.
 */
export const ManageLicenseView = lazy(() =>
  import('./ManageLicenseView').then((module) => ({ default: module.ManageLicenseView })),
);
export const ManageSitesView = lazy(() =>
  import('./ManageSitesView').then((module) => ({ default: module.ManageSitesView })),
);
export const UpgradesView = lazy(() =>
  import('./UpgradesView').then((module) => ({ default: module.UpgradesView })),
);
export const BundleModal = lazy(() =>
  import('./BundleModal').then((module) => ({ default: module.BundleModal })),
);

const rows = ['first', 'second', 'third'];

/**
 * What a view shows while its code loads: a title line and rows of the tables' height, the space the
 * view's own skeleton then takes, so nothing moves when it arrives.
 */
export function ViewLoading() {
  return (
    <div className="licences__view" aria-busy="true" data-skeleton="view">
      <Skeleton width="40%" height="1.5em" />
      {rows.map((row) => (
        <Skeleton key={row} height="var(--vendor-table-row-height)" />
      ))}
    </div>
  );
}
