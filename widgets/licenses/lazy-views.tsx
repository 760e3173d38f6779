import { lazyComponent } from '../../shared/ui/lazy-component';
import { Skeleton } from '../../shared/ui/Skeleton';

/**
 * The views other than My Products (the default, and the dashboard's list), and the bundle modal, each
 * loaded the first time it is shown: a visitor of the product list downloads none of them. A view shows
 * ViewLoading meanwhile; the modal shows nothing until its code is there.
 */
export const ManageLicenseView = lazyComponent(
  () => import('./ManageLicenseView').then((module) => module.ManageLicenseView),
  <ViewLoading />,
);
export const ManageSitesView = lazyComponent(
  () => import('./ManageSitesView').then((module) => module.ManageSitesView),
  <ViewLoading />,
);
export const UpgradesView = lazyComponent(
  () => import('./UpgradesView').then((module) => module.UpgradesView),
  <ViewLoading />,
);
export const BundleModal = lazyComponent(() => import('./BundleModal').then((module) => module.BundleModal));

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
