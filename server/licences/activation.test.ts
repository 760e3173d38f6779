import { describe, expect, it } from 'vitest';
import { activationCount, effectiveStatus, isExpired, refuseActivation } from './activation';

const now = new Date('2026-06-01T00:00:00Z');
const later = new Date('2027-01-01T00:00:00Z');
const earlier = new Date('2026-01-01T00:00:00Z');
const licence = (over: Partial<Parameters<typeof refuseActivation>[0]> = {}) => ({
  status: 'active',
  expiresAt: later,
  activationLimit: 2,
  ...over,
});

describe('refuseActivation', () => {
  it('allows a site while under the limit, refuses at the limit', () => {
    expect(refuseActivation(licence(), [], 'https://a.example', now)).toBeNull();
    expect(refuseActivation(licence(), ['https://a.example'], 'https://b.example', now)).toBeNull();
    expect(
      refuseActivation(licence(), ['https://a.example', 'https://b.example'], 'https://c.example', now),
    ).toBe('limit_reached');
  });

  it('never limits an unlimited licence', () => {
    const many = Array.from({ length: 500 }, (_, i) => `https://s${i}.example`);
    expect(refuseActivation(licence({ activationLimit: null }), many, 'https://x.example', now)).toBeNull();
  });

  it('refuses an expired licence, by status or by date, and lifetime never expires', () => {
    expect(refuseActivation(licence({ status: 'expired' }), [], 'https://a.example', now)).toBe('expired');
    expect(refuseActivation(licence({ expiresAt: earlier }), [], 'https://a.example', now)).toBe('expired');
    expect(refuseActivation(licence({ expiresAt: null }), [], 'https://a.example', now)).toBeNull();
  });

  it('refuses disabled and pending licences, allows an inactive one its first site', () => {
    expect(refuseActivation(licence({ status: 'disabled' }), [], 'https://a.example', now)).toBe(
      'not_active',
    );
    expect(refuseActivation(licence({ status: 'pending' }), [], 'https://a.example', now)).toBe('not_active');
    expect(refuseActivation(licence({ status: 'inactive' }), [], 'https://a.example', now)).toBeNull();
  });
});

describe('status and count', () => {
  it('shows an active licence past its date as expired', () => {
    expect(isExpired({ status: 'active', expiresAt: earlier }, now)).toBe(true);
    expect(effectiveStatus({ status: 'active', expiresAt: earlier }, now)).toBe('expired');
    expect(effectiveStatus({ status: 'active', expiresAt: later }, now)).toBe('active');
    expect(effectiveStatus({ status: 'disabled', expiresAt: earlier }, now)).toBe('disabled');
  });

  it('counts every active site', () => {
    expect(activationCount(['https://a.example', 'https://b.example'])).toBe(2);
    expect(activationCount([])).toBe(0);
  });
});
