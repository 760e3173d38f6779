import { describe, expect, it } from 'vitest';
import { authRoutes, publicRoutes, userRoutes } from '../../portal/routes';
import { elementFor } from './route-element';

const byKey = (key: string) => {
  const route = [...authRoutes, ...userRoutes, ...publicRoutes].find((entry) => entry.key === key);
  if (!route) throw new Error(key);
  return route;
};

describe('the element each route renders', () => {
  it('passes route params and query values as attributes', () => {
    expect(elementFor(byKey('manageLicense'), { paymentId: '42' }, '')).toEqual({
      tag: 'vendor-licenses',
      attributes: { view: 'manage-license', 'payment-id': '42' },
    });
    expect(elementFor(byKey('manageSite'), { id: '7' }, '')).toEqual({
      tag: 'vendor-licenses',
      attributes: { view: 'manage-sites', 'payment-id': '7' },
    });
    expect(elementFor(byKey('manageSite'), { id: '7' }, '?license_id=3')).toEqual({
      tag: 'vendor-licenses',
      attributes: { view: 'manage-sites', 'payment-id': '7', 'license-id': '3' },
    });
    expect(elementFor(byKey('upgradeLicense'), {}, '?license_id=9')).toEqual({
      tag: 'vendor-licenses',
      attributes: { view: 'upgrades', 'license-id': '9' },
    });
    expect(elementFor(byKey('myTickets'), {}, '')).toEqual({
      tag: 'vendor-tickets',
      attributes: { 'conversation-url': '/user/conversations/{id}' },
    });
    expect(elementFor(byKey('conversations'), { id: '5' }, '')).toEqual({
      tag: 'vendor-tickets',
      attributes: { 'conversation-id': '5' },
    });
  });

  it("opens the profile's tab named by ?tab= (the 2FA banner's Password & Security)", () => {
    expect(elementFor(byKey('profile'), {}, '?tab=security').attributes).toEqual({ tab: 'security' });
    expect(elementFor(byKey('adminProfile'), {}, '?tab=security').attributes).toEqual({ tab: 'security' });
    expect(elementFor(byKey('profile'), {}, '').attributes).toEqual({});
  });

  it('picks the sign-in view of each auth route', () => {
    expect(elementFor(byKey('signIn'), {}, '').attributes.view).toBe('sign-in');
    expect(elementFor(byKey('forgetPass'), {}, '').attributes.view).toBe('forgot');
    expect(elementFor(byKey('resetPassword'), {}, '?key=a&user=b').attributes.view).toBe('reset');
  });
});
