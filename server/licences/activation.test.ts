import { describe, expect, it } from 'vitest';
import type { SiteKind } from '../../shared/licences/site-kind';
import { activationCount, effectiveStatus, isExpired, kindOfNewSite, refuseActivation } from './activation';

const now = new Date('2026-06-01T00:00:00Z');
const later = new Date('2027-01-01T00:00:00Z');
const earlier = new Date('2026-01-01T00:00:00Z');
const licence = (over: Partial<Parameters<typeof refuseActivation>[0]> = {}) => ({
  status: 'active',
  expiresAt: later,
  activationLimit: 2,
  ...over,
});
const sitesOf = (...kinds: SiteKind[]) => kinds.map((kind) => ({ kind }));
const production = (n: number) => sitesOf(...Array.from({ length: n }, () => 'production' as const));

describe('refuseActivation', () => {
  it('allows a site while under the limit, refuses at the limit', () => {
    expect(refuseActivation(licence(), [], 'production', now)).toBeNull();
    expect(refuseActivation(licence(), production(1), 'production', now)).toBeNull();
    expect(refuseActivation(licence(), production(2), 'production', now)).toBe('limit_reached');
  });

  it('never limits an unlimited licence, staging sites included', () => {
    const many = [...production(500), ...sitesOf('staging', 'local', 'staging', 'local')];
    expect(refuseActivation(licence({ activationLimit: null }), many, 'production', now)).toBeNull();
    expect(refuseActivation(licence({ activationLimit: null }), many, 'staging', now)).toBeNull();
  });

  it('refuses an expired licence, by status or by date, and lifetime never expires', () => {
    expect(refuseActivation(licence({ status: 'expired' }), [], 'production', now)).toBe('expired');
    expect(refuseActivation(licence({ expiresAt: earlier }), [], 'local', now)).toBe('expired');
    expect(refuseActivation(licence({ expiresAt: null }), [], 'production', now)).toBeNull();
  });

  it('refuses disabled and pending licences, allows an inactive one its first site', () => {
    expect(refuseActivation(licence({ status: 'disabled' }), [], 'production', now)).toBe('not_active');
    expect(refuseActivation(licence({ status: 'pending' }), [], 'staging', now)).toBe('not_active');
    expect(refuseActivation(licence({ status: 'inactive' }), [], 'production', now)).toBeNull();
  });

  it('lets staging and local sites past a full limit, up to 3 per production site', () => {
    const full = licence({ activationLimit: 1 });
    expect(refuseActivation(full, production(1), 'staging', now)).toBeNull();
    expect(refuseActivation(full, [...production(1), ...sitesOf('staging')], 'local', now)).toBeNull();
    expect(
      refuseActivation(full, [...production(1), ...sitesOf('staging', 'local', 'staging')], 'staging', now),
    ).toBe('staging_limit_reached');
    expect(
      refuseActivation(full, [...production(1), ...sitesOf('staging', 'local')], 'production', now),
    ).toBe('limit_reached');
  });

  it('scales the staging allowance with production sites, and gives a licence without one its first 3', () => {
    const five = licence({ activationLimit: 5 });
    const three = sitesOf('staging', 'local', 'staging');
    expect(refuseActivation(five, three, 'local', now)).toBe('staging_limit_reached');
    expect(refuseActivation(five, sitesOf('staging', 'local'), 'local', now)).toBeNull();
    expect(refuseActivation(five, [...production(2), ...three, ...three], 'staging', now)).toBe(
      'staging_limit_reached',
    );
    expect(
      refuseActivation(five, [...production(2), ...three, ...sitesOf('local', 'local')], 'staging', now),
    ).toBeNull();
  });
});

describe('kindOfNewSite', () => {
  it('classifies the site while the tier has the feature on, and counts everything when it is off', () => {
    expect(kindOfNewSite('https://staging.shop.com', true)).toBe('staging');
    expect(kindOfNewSite('http://localhost:8080', true)).toBe('local');
    expect(kindOfNewSite('https://staging-shop.com', true)).toBe('production');
    expect(kindOfNewSite('https://staging.shop.com', false)).toBe('production');
    expect(kindOfNewSite('http://localhost:8080', false)).toBe('production');
  });
});

describe('status and count', () => {
  it('shows an active licence past its date as expired', () => {
    expect(isExpired({ status: 'active', expiresAt: earlier }, now)).toBe(true);
    expect(effectiveStatus({ status: 'active', expiresAt: earlier }, now)).toBe('expired');
    expect(effectiveStatus({ status: 'active', expiresAt: later }, now)).toBe('active');
    expect(effectiveStatus({ status: 'disabled', expiresAt: earlier }, now)).toBe('disabled');
  });

  it('counts production sites only', () => {
    expect(activationCount(sitesOf('production', 'staging', 'production', 'local'))).toBe(2);
    expect(activationCount(sitesOf('staging', 'local'))).toBe(0);
    expect(activationCount([])).toBe(0);
  });
});
