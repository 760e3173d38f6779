import { routeAt } from './resolve';

/** The name the sidebar's brand shows; every page title ends with it. */
export const productName = 'Vendor Account';

/** The browser tab's title for a portal path: the route's name first, so tabs tell pages apart. */
export function pageTitle(pathname: string): string {
  const found = routeAt(pathname);
  return found ? `${found.route.name} · ${productName}` : productName;
}

/**
 * What the page says while the portal's code loads: the account pages load an account; the checkout,
 * the payment results and the download page are not an account (the buyer may have none).
 */
export function firstPaintText(pathname: string): string {
  return pathname === '/' || pathname.startsWith('/user') ? 'Loading your account…' : 'Loading…';
}
