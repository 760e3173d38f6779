import {
  manageLicensePath,
  manageSitePath,
  portalPatterns,
  upgradeLicensePath,
} from '../../shared/portal/paths';

/** Where `<vendor-licenses>` can be: its attribute values, also its own internal routes. */
export interface LicencesRoute {
  view: 'products' | 'manage-license' | 'manage-sites' | 'upgrades';
  paymentId?: number | undefined;
  licenseId?: number | undefined;
}

/** The portal path of a route (spec §2 route table), as `vendor-navigate` announces it. */
export function pathOf(route: LicencesRoute): string {
  switch (route.view) {
    case 'manage-license':
      return manageLicensePath(route.paymentId ?? '');
    case 'manage-sites':
      return manageSitePath(route.paymentId ?? '', route.licenseId);
    case 'upgrades':
      return upgradeLicensePath(route.licenseId ?? '');
    default:
      return portalPatterns.myProducts;
  }
}

/** A same-origin path for `vendor-navigate` from an absolute link (checkout links come from the API). */
export function pathOfLink(href: string): string {
  try {
    const url = new URL(href);
    return `${url.pathname}${url.search}`;
  } catch {
    return href;
  }
}
