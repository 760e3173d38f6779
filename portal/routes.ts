import { dashboardPaths } from '../shared/stores/auth-redirect';

/**
 * The route table of spec §2 as data, with the fields of a sidebar route entry (spec §3): path, layout,
 * name, icon, views, sidebar, is_admin_route, is_manager_route, verified, customer_only. `element` names
 * the custom element a route renders; `key` names the route in the router.
 */
export type Layout = '/auth' | '/user' | '/user/admin_user' | '';

export interface RouteEntry {
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
  /** The custom element the route renders, with its attributes from the params and query. */
  element: `vendor-${string}`;
}

type Flags = Partial<Pick<RouteEntry, 'sidebar' | 'is_admin_route' | 'is_manager_route' | 'customer_only'>>;

function route(
  key: string,
  layout: Layout,
  path: string,
  name: string,
  icon: string,
  element: RouteEntry['element'],
  flags: Flags = {},
): RouteEntry {
  return {
    key,
    layout,
    path,
    name,
    icon,
    element,
    sidebar: flags.sidebar ?? false,
    is_admin_route: flags.is_admin_route ?? false,
    is_manager_route: flags.is_manager_route ?? false,
    verified: layout.startsWith('/user'),
    customer_only: flags.customer_only ?? false,
  };
}

export const authRoutes: RouteEntry[] = [
  route('signIn', '/auth', '/sign-in', 'Sign In', 'login', 'vendor-sign-in'),
  route('forgetPass', '/auth', '/forget-pass', 'Forgot Password', 'key', 'vendor-sign-in'),
  route('resetPassword', '/auth', '/reset-password', 'Reset Password', 'key', 'vendor-sign-in'),
  route(
    'affiliateRegistration',
    '/auth',
    '/affiliate-registration',
    'Affiliate Registration',
    'users',
    'vendor-affiliate',
  ),
  route('createCompany', '/auth', '/create-company-form', 'Create Company', 'building', 'vendor-portal'),
];

export const userRoutes: RouteEntry[] = [
  route('dashboard', '/user', '/dashboard', 'Dashboard', 'home', 'vendor-portal', { sidebar: true }),
  route('adminDashboard', '/user/admin_user', '/dashboard', 'Dashboard', 'chart', 'vendor-reports', {
    sidebar: true,
    is_admin_route: true,
  }),
  route('download', '/user', '/download', 'Downloads', 'download', 'vendor-downloads', {
    sidebar: true,
    customer_only: true,
  }),
  route('myProducts', '/user', '/my-products', 'My Products', 'box', 'vendor-licenses', {
    customer_only: true,
  }),
  route('subscription', '/user', '/subscription', 'Subscriptions', 'repeat', 'vendor-subscriptions', {
    sidebar: true,
    customer_only: true,
  }),
  route('purchaseHistory', '/user', '/purchase-history', 'Purchase History', 'receipt', 'vendor-purchases', {
    sidebar: true,
    customer_only: true,
  }),
  route('myTickets', '/user', '/my-tickets', 'My Tickets', 'lifebuoy', 'vendor-tickets', { sidebar: true }),
  route('affiliate', '/user', '/affiliate', 'Affiliate', 'share', 'vendor-affiliate', { sidebar: true }),
  route('profile', '/user', '/profile', 'Profile', 'user', 'vendor-profile', { sidebar: true }),
  // The super-admin sees only admin routes (spec §6), so its Profile lives among them.
  route('adminProfile', '/user/admin_user', '/profile', 'Profile', 'user', 'vendor-profile', {
    is_admin_route: true,
  }),
  route('manage', '/user', '/manage', 'Shop Manager', 'store', 'vendor-manager', {
    sidebar: true,
    is_manager_route: true,
  }),
  route('manageSite', '/user', '/manage-site/:id', 'Manage Sites', 'globe', 'vendor-licenses', {
    customer_only: true,
  }),
  route('manageLicense', '/user', '/manage-license/:paymentId', 'Manage License', 'key', 'vendor-licenses', {
    customer_only: true,
  }),
  route('upgradeLicense', '/user', '/upgrade-license', 'Upgrade License', 'arrow-up', 'vendor-licenses', {
    customer_only: true,
  }),
  route(
    'generateInvoice',
    '/user',
    '/generate-invoice/:paymentId',
    'Generate Invoice',
    'file',
    'vendor-purchases',
    {
      customer_only: true,
    },
  ),
  route('conversations', '/user', '/conversations/:id', 'Conversation', 'message', 'vendor-tickets', {
    customer_only: true,
  }),
];

/** Pages that work without signing in (spec §6). */
export const publicRoutes: RouteEntry[] = [
  route('checkout', '', '/checkout', 'Checkout', 'cart', 'vendor-checkout'),
  route('paymentSuccess', '', '/payment-success', 'Payment Success', 'check', 'vendor-payment-result'),
  route('paymentFailed', '', '/payment-failed', 'Payment Failed', 'x', 'vendor-payment-result'),
  route('downloadLanding', '', '/download', 'Download', 'download', 'vendor-downloads'),
];

export const allRoutes: RouteEntry[] = [...authRoutes, ...userRoutes, ...publicRoutes];

export function fullPath(entry: RouteEntry): string {
  return `${entry.layout}${entry.path}`;
}

export const paths = {
  signIn: '/auth/sign-in',
  createCompany: dashboardPaths.companyCreate,
  dashboard: dashboardPaths.user,
  adminDashboard: dashboardPaths.superAdmin,
  /** 'View Threads' of My Tickets: the conversations route, as `<vendor-tickets conversation-url>` takes it. */
  conversation: '/user/conversations/{id}',
} as const;
