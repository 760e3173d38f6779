import { homeFor } from '../shared/stores/auth-redirect';
import { mayOpen, sidebarEntries, type Viewer } from './access';
import { fullPath, type RouteEntry, userRoutes } from './routes';

/** Every link the user shell draws (sidebar, logos, header dropdown, banners, dashboard), for one viewer. */
export interface ShellLinks {
  /** Both logos: the viewer's own landing (the super-admin's is the admin dashboard). */
  home: string;
  /** The header dropdown's Profile. */
  profile: string;
  /** The 2FA banner's link: the profile's Password & Security tab. */
  security: string;
  /** The dashboard's All Products, or null when the dashboard shows no products (spec §2). */
  allProducts: string | null;
  sidebar: RouteEntry[];
}

function routeOf(key: string): RouteEntry {
  const entry = userRoutes.find((route) => route.key === key);
  if (!entry) throw new Error(`No route ${key}`);
  return entry;
}

/**
 * The shell's links for a viewer, each one a place the viewer may open (spec §6 route filtering), so no
 * link leads back home through a redirect. portal/shell-links.test.ts walks every role through them.
 */
export function shellLinksFor(viewer: Viewer): ShellLinks {
  const profileRoute = [routeOf('profile'), routeOf('adminProfile')].find((entry) => mayOpen(entry, viewer));
  const products = routeOf('myProducts');
  const home = homeFor(viewer.accountType);
  const profile = profileRoute ? fullPath(profileRoute) : home;
  return {
    home,
    profile,
    security: profileRoute ? `${profile}?tab=security` : home,
    allProducts: viewer.isCustomer !== false && mayOpen(products, viewer) ? fullPath(products) : null,
    sidebar: sidebarEntries(userRoutes, viewer),
  };
}
