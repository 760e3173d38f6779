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
      return `/user/manage-license/${route.paymentId}`;
    case 'manage-sites': {
      const base = `/user/manage-site/${route.paymentId}`;
      return route.licenseId === undefined ? base : `${base}?license_id=${route.licenseId}`;
    }
    case 'upgrades':
      return `/user/upgrade-license?license_id=${route.licenseId}`;
    default:
      return '/user/my-products';
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
