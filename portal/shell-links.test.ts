import { describe, expect, it } from 'vitest';
import { accountTypes } from '../shared/schemas/session';
import type { Viewer } from './access';
import { resolveLocation } from './resolve';
import { fullPath } from './routes';
import { shellLinksFor } from './shell-links';

/** Every account type of spec §6 and one it does not name (the default), each as customer, not, unset. */
const viewers: Viewer[] = [...accountTypes, 'SUBSCRIBER'].flatMap((accountType) =>
  [true, false, null].map((isCustomer) => ({ accountType, isCustomer })),
);

/** Where a link leads a signed-in viewer whose profile is known: the route it renders, or a redirect. */
function lands(href: string, viewer: Viewer): string {
  const url = new URL(href, 'https://portal.example');
  const result = resolveLocation(url.pathname, url.search, {
    ...viewer,
    signedIn: true,
    twoFactorSetupPending: false,
    viewerKnown: true,
    origin: 'https://portal.example',
  });
  return result.kind === 'render' ? `render ${fullPath(result.route)}` : `redirect ${result.to}`;
}

describe('every link of the shell leads where its viewer may go (issue #23)', () => {
  for (const viewer of viewers) {
    it(`${viewer.accountType} with is_customer ${viewer.isCustomer}`, () => {
      const links = shellLinksFor(viewer);
      const hrefs = [
        links.home,
        links.profile,
        links.security,
        ...(links.allProducts ? [links.allProducts] : []),
        ...links.sidebar.map(fullPath),
      ];
      for (const href of hrefs) {
        expect(lands(href, viewer), href).toBe(`render ${new URL(href, 'https://portal.example').pathname}`);
      }
    });
  }

  it("opens the super-admin's Profile among the admin routes, on the Password & Security tab for 2FA", () => {
    const links = shellLinksFor({ accountType: 'SUPER_ADMIN', isCustomer: false });
    expect(links.profile).toBe('/user/admin_user/profile');
    expect(links.security).toBe('/user/admin_user/profile?tab=security');
    expect(links.home).toBe('/user/admin_user/dashboard');
    expect(shellLinksFor({ accountType: 'CUSTOMER', isCustomer: true }).security).toBe(
      '/user/profile?tab=security',
    );
  });

  it("gives an admin one Dashboard entry: the super-admin's would only lead back to the first", () => {
    const names = shellLinksFor({ accountType: 'ADMIN', isCustomer: true }).sidebar.map(
      (entry) => entry.name,
    );
    expect(names.filter((name) => name === 'Dashboard')).toHaveLength(1);
  });
});
