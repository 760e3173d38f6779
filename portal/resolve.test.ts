import { describe, expect, it } from 'vitest';
import { ownsPath, resolveLocation, type ShellState } from './resolve';

const signedOut: ShellState = {
  signedIn: false,
  twoFactorSetupPending: false,
  viewerKnown: false,
  accountType: null,
  isCustomer: null,
  origin: 'https://portal.example',
};
const customer: ShellState = {
  signedIn: true,
  twoFactorSetupPending: false,
  viewerKnown: true,
  accountType: 'CUSTOMER',
  isCustomer: true,
  origin: 'https://portal.example',
};
const superAdmin: ShellState = { ...customer, accountType: 'SUPER_ADMIN', isCustomer: false };
const manager: ShellState = { ...customer, accountType: 'SHOP_MANAGER', isCustomer: false };

const to = (pathname: string, state: ShellState, search = '') => {
  const result = resolveLocation(pathname, search, state);
  return result.kind === 'redirect' ? result.to : `render:${result.route.key}`;
};

describe('route rules (spec §2)', () => {
  it('sends anything else at the top level, / included, to sign-in', () => {
    expect(to('/', signedOut)).toBe('/auth/sign-in');
    expect(to('/nope', signedOut)).toBe('/auth/sign-in');
    expect(to('/nope/deeper', customer)).toBe('/auth/sign-in');
  });

  it('sends an unknown auth sub-path to sign-in', () => {
    expect(to('/auth/nope', signedOut)).toBe('/auth/sign-in');
    expect(to('/auth', signedOut)).toBe('/auth/sign-in');
  });

  it('renders the auth pages when signed out', () => {
    expect(to('/auth/sign-in', signedOut)).toBe('render:signIn');
    expect(to('/auth/forget-pass', signedOut)).toBe('render:forgetPass');
    expect(to('/auth/reset-password', signedOut, '?key=k&user=u')).toBe('render:resetPassword');
  });

  it('sends a signed-in user from the auth shell home, a super-admin to the admin dashboard', () => {
    expect(to('/auth/sign-in', customer)).toBe('/user/dashboard');
    expect(to('/auth/sign-in', superAdmin)).toBe('/user/admin_user/dashboard');
    expect(to('/auth/sign-in', { ...customer, twoFactorSetupPending: true })).toBe('render:signIn');
  });

  it('follows a safe redirect from a signed-in auth page, and only a safe one', () => {
    expect(to('/auth/sign-in', customer, '?redirect=%2Fuser%2Fmy-tickets')).toBe('/user/my-tickets');
    expect(to('/auth/sign-in', customer, '?redirect=%2F%2Fevil.example')).toBe('/user/dashboard');
    expect(to('/auth/sign-in', customer, '?redirect=https%3A%2F%2Fevil.example%2F')).toBe('/user/dashboard');
  });

  it('sends a signed-out visitor of a protected page to sign-in, carrying where they were going', () => {
    expect(to('/user/my-tickets', signedOut)).toBe('/auth/sign-in?redirect=%2Fuser%2Fmy-tickets');
    expect(to('/user/upgrade-license', signedOut, '?license_id=7')).toBe(
      '/auth/sign-in?redirect=%2Fuser%2Fupgrade-license%3Flicense_id%3D7',
    );
  });

  it('sends an unknown /user section to the dashboard, an unknown admin section to the admin dashboard', () => {
    expect(to('/user/nope', customer)).toBe('/user/dashboard');
    expect(to('/user/admin_user/nope', superAdmin)).toBe('/user/admin_user/dashboard');
    expect(to('/user/admin_user/dashboard', customer)).toBe('/user/dashboard');
  });

  it('keeps a customer out of the manager page and a super-admin in the admin area', () => {
    expect(to('/user/manage', customer)).toBe('/user/dashboard');
    expect(to('/user/manage', manager)).toBe('render:manage');
    expect(to('/user/profile', superAdmin)).toBe('/user/admin_user/dashboard');
    expect(to('/user/admin_user/dashboard', superAdmin)).toBe('render:adminDashboard');
  });

  it('closes customer-only pages to users flagged is_customer false', () => {
    expect(to('/user/my-products', manager)).toBe('/user/dashboard');
    expect(to('/user/my-products', customer)).toBe('render:myProducts');
  });

  it('matches parameters and keeps public pages public', () => {
    const result = resolveLocation('/user/manage-license/42', '', customer);
    expect(result).toMatchObject({ kind: 'render', params: { paymentId: '42' } });
    expect(to('/checkout', signedOut)).toBe('render:checkout');
    expect(to('/payment-success', signedOut)).toBe('render:paymentSuccess');
    expect(to('/download', signedOut)).toBe('render:downloadLanding');
    expect(to('/user/download', customer)).toBe('render:download');
  });
});

describe('which paths the portal routes itself', () => {
  it("routes its sections, public pages and /, and leaves the server's pages to the browser", () => {
    for (const path of [
      '/',
      '/auth/sign-in',
      '/auth',
      '/user/dashboard',
      '/user/nope',
      '/checkout',
      '/download/',
    ]) {
      expect(ownsPath(path), path).toBe(true);
    }
    // A news post's link (its `link` in /wp/v2/posts) is a page of the server: routing it would redirect.
    for (const path of ['/news/blocks-plugin-3-0', '/docs/', '/demo/', '/users', '/checkout-now']) {
      expect(ownsPath(path), path).toBe(false);
    }
  });
});
