import { conversationUrlTemplate, type PortalRouteKey, portalPatterns } from '../shared/portal/paths';

/**
 * The route table of spec §2 as data, with the fields of a sidebar route entry (spec §3): path, layout,
 * name, icon, views, sidebar, is_admin_route, is_manager_route, verified, customer_only. `element` names
 * the custom element a route renders and `attributes` what it is given; `key` names the route in the
 * router. The paths themselves live in shared/portal/paths.ts, where the elements build their links.
 */
export type Layout = '/auth' | '/user' | '/user/admin_user' | '';

/** Attributes of a route's element (besides `api-base` and `theme`), from its params and query. */
export type RouteAttributes = (
  params: Record<string, string>,
  query: URLSearchParams,
) => Record<string, string>;

export interface RouteEntry {
  /** The route's name in shared/portal/paths.ts (PortalRouteKey). */
  key: string;
  layout: Layout;
  /** Pattern under the layout, with `:params` (for @nanostores/router). */
  path: string;
  name: string;
  icon: string;
  /** Sub-views; entries with sub-views are not shown in the sidebar (spec §2). */
  views?: RouteEntry[];
  sidebar: boolean;
  is_admin_route: boolean;
  is_manager_route: boolean;
  /** Needs a signed-in, verified session (every /user route). */
  verified: boolean;
  customer_only: boolean;
  /** The custom element the route renders. */
  element: `vendor-${string}`;
  /** What the element is given; none when absent. */
  attributes?: RouteAttributes;
}

type Flags = Partial<
  Pick<RouteEntry, 'sidebar' | 'is_admin_route' | 'is_manager_route' | 'customer_only' | 'attributes'>
>;

/** Longest first: a pattern's layout is the longest one it starts with. */
const layouts: Layout[] = ['/user/admin_user', '/user', '/auth'];

function route(
  key: PortalRouteKey,
  name: string,
  icon: string,
  element: RouteEntry['element'],
  flags: Flags = {},
): RouteEntry {
  const pattern = portalPatterns[key];
  const layout = layouts.find((prefix) => pattern.startsWith(`${prefix}/`)) ?? '';
  return {
    key,
    layout,
    path: pattern.slice(layout.length),
    name,
    icon,
    element,
    sidebar: flags.sidebar ?? false,
    is_admin_route: flags.is_admin_route ?? false,
    is_manager_route: flags.is_manager_route ?? false,
    verified: layout.startsWith('/user'),
    customer_only: flags.customer_only ?? false,
    ...(flags.attributes ? { attributes: flags.attributes } : {}),
  };
}

/** A route whose element shows one fixed view. */
const view =
  (name: string): RouteAttributes =>
  () => ({ view: name });

export const authRoutes: RouteEntry[] = [
  route('signIn', 'Sign In', 'login', 'vendor-sign-in', { attributes: view('sign-in') }),
  route('forgetPass', 'Forgot Password', 'key', 'vendor-sign-in', { attributes: view('forgot') }),
  route('resetPassword', 'Reset Password', 'key', 'vendor-sign-in', { attributes: view('reset') }),
  route('affiliateRegistration', 'Affiliate Registration', 'users', 'vendor-affiliate', {
    attributes: view('registration'),
  }),
  route('createCompany', 'Create Company', 'building', 'vendor-portal'),
];

/** `?tab=` opens a tab, also when the page is already the profile (the 2FA banner's link). */
const profileTab: RouteAttributes = (_, query): Record<string, string> => {
  const tab = query.get('tab');
  return tab ? { tab } : {};
};

export const userRoutes: RouteEntry[] = [
  route('dashboard', 'Dashboard', 'home', 'vendor-portal', { sidebar: true }),
  route('adminDashboard', 'Dashboard', 'chart', 'vendor-reports', {
    sidebar: true,
    is_admin_route: true,
    attributes: view('super-admin'),
  }),
  route('download', 'Downloads', 'download', 'vendor-downloads', { sidebar: true, customer_only: true }),
  route('myProducts', 'My Products', 'box', 'vendor-licenses', {
    customer_only: true,
    attributes: view('products'),
  }),
  route('subscription', 'Subscriptions', 'repeat', 'vendor-subscriptions', {
    sidebar: true,
    customer_only: true,
  }),
  route('purchaseHistory', 'Purchase History', 'receipt', 'vendor-purchases', {
    sidebar: true,
    customer_only: true,
  }),
  route('myTickets', 'My Tickets', 'lifebuoy', 'vendor-tickets', {
    sidebar: true,
    // 'View Threads' goes to the conversation's own address, so Back and a shared link work.
    attributes: () => ({ 'conversation-url': conversationUrlTemplate }),
  }),
  route('affiliate', 'Affiliate', 'share', 'vendor-affiliate', { sidebar: true }),
  route('profile', 'Profile', 'user', 'vendor-profile', { sidebar: true, attributes: profileTab }),
  // The super-admin sees only admin routes (spec §6), so its Profile lives among them.
  route('adminProfile', 'Profile', 'user', 'vendor-profile', {
    is_admin_route: true,
    attributes: profileTab,
  }),
  route('manage', 'Shop Manager', 'store', 'vendor-manager', { sidebar: true, is_manager_route: true }),
  route('manageSite', 'Manage Sites', 'globe', 'vendor-licenses', {
    customer_only: true,
    // `?license_id=` picks one licence of a bundle purchase.
    attributes: (params, query) => {
      const licenseId = query.get('license_id');
      return {
        view: 'manage-sites',
        'payment-id': params.id ?? '',
        ...(licenseId ? { 'license-id': licenseId } : {}),
      };
    },
  }),
  route('manageLicense', 'Manage License', 'key', 'vendor-licenses', {
    customer_only: true,
    attributes: (params) => ({ view: 'manage-license', 'payment-id': params.paymentId ?? '' }),
  }),
  route('upgradeLicense', 'Upgrade License', 'arrow-up', 'vendor-licenses', {
    customer_only: true,
    attributes: (_, query) => ({ view: 'upgrades', 'license-id': query.get('license_id') ?? '' }),
  }),
  route('generateInvoice', 'Generate Invoice', 'file', 'vendor-purchases', {
    customer_only: true,
    attributes: (params) => ({ view: 'invoice', 'payment-id': params.paymentId ?? '' }),
  }),
  route('conversations', 'Conversation', 'message', 'vendor-tickets', {
    customer_only: true,
    attributes: (params) => ({ 'conversation-id': params.id ?? '' }),
  }),
];

/** Pages that work without signing in (spec §6). */
export const publicRoutes: RouteEntry[] = [
  // The vendor's own checkout page names the shop at its top.
  route('checkout', 'Checkout', 'cart', 'vendor-checkout', { attributes: () => ({ brand: 'Vendor' }) }),
  route('paymentSuccess', 'Payment Success', 'check', 'vendor-payment-result', {
    attributes: view('success'),
  }),
  route('paymentFailed', 'Payment Failed', 'x', 'vendor-payment-result', { attributes: view('failed') }),
  route('downloadLanding', 'Download', 'download', 'vendor-downloads', { attributes: view('landing') }),
];

export const allRoutes: RouteEntry[] = [...authRoutes, ...userRoutes, ...publicRoutes];

export function fullPath(entry: RouteEntry): string {
  return `${entry.layout}${entry.path}`;
}
