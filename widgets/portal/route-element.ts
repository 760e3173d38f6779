import { paths, type RouteEntry } from '../../portal/routes';

export interface ElementUse {
  tag: RouteEntry['element'];
  /** Attributes besides `api-base` and `theme`, which every element gets from the portal. */
  attributes: Record<string, string>;
}

/**
 * Which element a route renders and with which attributes, from the route's params and query (spec §2
 * route table). Pure, so each mapping is tested without a browser.
 */
export function elementFor(route: RouteEntry, params: Record<string, string>, search: string): ElementUse {
  const query = new URLSearchParams(search);
  const use = (attributes: Record<string, string> = {}): ElementUse => ({ tag: route.element, attributes });
  switch (route.key) {
    case 'signIn':
      return use({ view: 'sign-in' });
    case 'forgetPass':
      return use({ view: 'forgot' });
    case 'resetPassword':
      return use({ view: 'reset' });
    case 'affiliateRegistration':
      return use({ view: 'registration' });
    case 'adminDashboard':
      return use({ view: 'super-admin' });
    case 'myProducts':
      return use({ view: 'products' });
    case 'manageSite': {
      // `?license_id=` picks one licence of a bundle purchase.
      const licenseId = query.get('license_id');
      return use({
        view: 'manage-sites',
        'payment-id': params.id ?? '',
        ...(licenseId ? { 'license-id': licenseId } : {}),
      });
    }
    case 'manageLicense':
      return use({ view: 'manage-license', 'payment-id': params.paymentId ?? '' });
    case 'upgradeLicense':
      return use({ view: 'upgrades', 'license-id': query.get('license_id') ?? '' });
    case 'generateInvoice':
      return use({ view: 'invoice', 'payment-id': params.paymentId ?? '' });
    case 'myTickets':
      // 'View Threads' goes to the conversation's own address, so Back and a shared link work.
      return use({ 'conversation-url': paths.conversation });
    case 'profile':
    case 'adminProfile': {
      // `?tab=` opens a tab, also when the page is already the profile (the 2FA banner's link).
      const tab = query.get('tab');
      return use(tab ? { tab } : {});
    }
    case 'conversations':
      return use({ 'conversation-id': params.id ?? '' });
    case 'paymentSuccess':
      return use({ view: 'success' });
    case 'paymentFailed':
      return use({ view: 'failed' });
    case 'downloadLanding':
      return use({ view: 'landing' });
    default:
      return use();
  }
}
