import { describe, expect, it } from 'vitest';
import { allRoutes, fullPath } from '../../portal/routes';
import { pathOf } from '../../widgets/licenses/navigation';
import { historyPath, invoiceHref, licencesHref } from '../../widgets/purchases/navigation';
import {
  conversationPath,
  conversationUrlTemplate,
  generateInvoicePath,
  manageLicensePath,
  manageSitePath,
  portalPatterns,
  relativeToUserPage,
  signInPath,
  upgradeLicensePath,
} from './paths';

/** Spec §2's route table, word for word: the paths the portal must answer. */
const specPaths = [
  '/auth/sign-in',
  '/auth/forget-pass',
  '/auth/reset-password',
  '/auth/affiliate-registration',
  '/auth/create-company-form',
  '/user/dashboard',
  '/user/admin_user/dashboard',
  '/user/download',
  '/user/my-products',
  '/user/subscription',
  '/user/purchase-history',
  '/user/my-tickets',
  '/user/affiliate',
  '/user/profile',
  '/user/admin_user/profile',
  '/user/manage',
  '/user/manage-site/:id',
  '/user/manage-license/:paymentId',
  '/user/upgrade-license',
  '/user/generate-invoice/:paymentId',
  '/user/conversations/:id',
  '/checkout',
  '/payment-success',
  '/payment-failed',
  '/download',
];

describe('portal paths', () => {
  it("are spec §2's, and the route table is built from them, one route each", () => {
    expect(Object.values(portalPatterns).sort()).toEqual([...specPaths].sort());
    expect(allRoutes.map(fullPath).sort()).toEqual([...specPaths].sort());
    for (const route of allRoutes) {
      expect(fullPath(route)).toBe(portalPatterns[route.key as keyof typeof portalPatterns]);
    }
  });

  it('fill their parameters, encoded', () => {
    expect(manageLicensePath(42)).toBe('/user/manage-license/42');
    expect(manageSitePath(42)).toBe('/user/manage-site/42');
    expect(manageSitePath(42, 7)).toBe('/user/manage-site/42?license_id=7');
    expect(upgradeLicensePath(9)).toBe('/user/upgrade-license?license_id=9');
    expect(generateInvoicePath('12')).toBe('/user/generate-invoice/12');
    expect(conversationPath(5)).toBe('/user/conversations/5');
    expect(conversationPath('a/b')).toBe('/user/conversations/a%2Fb');
    expect(conversationUrlTemplate).toBe('/user/conversations/{id}');
  });

  it('send a visitor to sign in with the way back', () => {
    expect(signInPath()).toBe('/auth/sign-in');
    expect(signInPath('/user/manage-site/3?license_id=4')).toBe(
      '/auth/sign-in?redirect=%2Fuser%2Fmanage-site%2F3%3Flicense_id%3D4',
    );
  });

  it('give the relative links of spec §2 Purchase History', () => {
    expect(relativeToUserPage('/user/generate-invoice/8')).toBe('generate-invoice/8');
    expect(invoiceHref(8)).toBe('generate-invoice/8');
    expect(licencesHref(8)).toBe('manage-license/8');
    expect(historyPath).toBe('/user/purchase-history');
  });

  it('are the ones <vendor-licenses> announces for its views', () => {
    expect(pathOf({ view: 'products' })).toBe('/user/my-products');
    expect(pathOf({ view: 'manage-license', paymentId: 3 })).toBe('/user/manage-license/3');
    expect(pathOf({ view: 'manage-sites', paymentId: 3 })).toBe('/user/manage-site/3');
    expect(pathOf({ view: 'manage-sites', paymentId: 3, licenseId: 11 })).toBe(
      '/user/manage-site/3?license_id=11',
    );
    expect(pathOf({ view: 'upgrades', licenseId: 11 })).toBe('/user/upgrade-license?license_id=11');
  });
});
