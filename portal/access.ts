import type { RouteEntry } from './routes';

/** Who is looking: what spec §6 decides visibility and access by. */
export interface Viewer {
  /** SUPER_ADMIN, ADMIN, SHOP_MANAGER, CUSTOMER or anything else (the default type). */
  accountType: string | null;
  /** `is_customer`; only an explicit false hides customer-only entries. */
  isCustomer: boolean | null;
}

const isAdminType = (type: string | null) => type === 'ADMIN' || type === 'SUPER_ADMIN';

/** Spec §6 "Sidebar visibility by account type", before the customer-only rule. */
function visibleForType(entry: RouteEntry, accountType: string | null): boolean {
  switch (accountType) {
    case 'SUPER_ADMIN':
      return entry.is_admin_route || entry.is_manager_route;
    case 'ADMIN':
      return true;
    case 'SHOP_MANAGER':
      return entry.is_manager_route || !entry.is_admin_route;
    case 'CUSTOMER':
      return !entry.is_manager_route && !entry.is_admin_route;
    default:
      return !entry.is_admin_route;
  }
}

/**
 * Whether an entry shows in the sidebar for this viewer (spec §2 Sidebar and §6). The visibility table
 * of §6 is narrowed by the route filtering of §6: no entry links where its viewer cannot go (an ADMIN's
 * admin dashboard, a default user's manager page would only lead back home).
 */
export function showsInSidebar(entry: RouteEntry, viewer: Viewer): boolean {
  if (!entry.sidebar || (entry.views && entry.views.length > 0)) return false;
  if (!visibleForType(entry, viewer.accountType)) return false;
  if (entry.customer_only && viewer.isCustomer === false && !isAdminType(viewer.accountType)) return false;
  return mayOpen(entry, viewer);
}

export function sidebarEntries(entries: RouteEntry[], viewer: Viewer): RouteEntry[] {
  return entries.filter((entry) => showsInSidebar(entry, viewer));
}

/**
 * Whether a signed-in viewer may open a /user route (spec §6 "Route filtering in the shell"): a
 * SUPER_ADMIN sees admin routes (and the manager page its sidebar links to), everyone else only
 * non-admin routes; the manager page is for managers and admins; customer-only pages are closed to
 * users flagged `is_customer: false` except admins.
 */
export function mayOpen(entry: RouteEntry, viewer: Viewer): boolean {
  const type = viewer.accountType;
  if (type === 'SUPER_ADMIN') return entry.is_admin_route || entry.is_manager_route;
  if (entry.is_admin_route) return false;
  if (entry.is_manager_route && type !== 'SHOP_MANAGER' && type !== 'ADMIN') return false;
  if (entry.customer_only && viewer.isCustomer === false && !isAdminType(type)) return false;
  return true;
}
