import { describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { hasUpgradePath, remainingShare, upgradesFor } from './upgrades';

const now = new Date('2026-06-01T00:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const active = { status: 'active', parentLicenceId: null };

describe('upgradesFor', () => {
  it('offers an expired licence no upgrade (it is renewed first), yet it keeps its upgrade path', () => {
    // Issue 23: an expired licence was advertised at full price and charged less by the cart.
    const expired = {
      ...active,
      downloadId: downloadIds.blocks,
      priceId: 1,
      createdAt: days(-400),
      expiresAt: days(-35),
    };
    expect(upgradesFor(expired, now)).toEqual([]);
    expect(upgradesFor({ ...expired, status: 'expired' }, now)).toEqual([]);
    expect(hasUpgradePath(expired)).toBe(true);
  });

  it('prorates by the unused share of the term', () => {
    // Half a year of a $49 licence left: $24.50 credit.
    const licence = {
      ...active,
      downloadId: downloadIds.blocks,
      priceId: 1,
      createdAt: days(-100),
      expiresAt: days(100),
    };
    expect(remainingShare(licence, now)).toBe(0.5);
    expect(upgradesFor(licence, now).map((o) => [o.name, o.costCents])).toEqual([
      ['Blocks Plugin – 5 Sites', 14_900 - 2_450],
      ['Blocks Plugin – 100 Sites', 34_900 - 2_450],
    ]);
  });

  it('counts whole days, so the price holds through the day', () => {
    const licence = { createdAt: days(-100), expiresAt: days(100) };
    const later = new Date(now.getTime() + 6 * 3_600_000);
    expect(remainingShare(licence, later)).toBe(remainingShare(licence, new Date(now.getTime() + 1)));
    expect(remainingShare(licence, later)).toBe(100 / 200);
    expect(remainingShare(licence, days(1))).toBe(99 / 200);
  });

  it('offers nothing above the top tier of a bundle, nor for a bundle child, a refund or an unknown product', () => {
    const base = { ...active, createdAt: days(-10), expiresAt: null };
    expect(upgradesFor({ ...base, downloadId: downloadIds.agencyBundle, priceId: 2 }, now)).toEqual([]);
    const child = {
      ...base,
      downloadId: downloadIds.addons,
      priceId: 1,
      parentLicenceId: 7,
      expiresAt: days(300),
    };
    expect(upgradesFor(child, now)).toEqual([]);
    expect(hasUpgradePath(child)).toBe(false);
    const refunded = { ...child, parentLicenceId: null, status: 'disabled' };
    expect(upgradesFor(refunded, now)).toEqual([]);
    expect(hasUpgradePath(refunded)).toBe(false);
    expect(upgradesFor({ ...base, downloadId: 1, priceId: 1 }, now)).toEqual([]);
  });

  it('offers a yearly licence the lifetime tier, crediting what is left, and a lifetime one nothing', () => {
    const yearly = { ...active, downloadId: downloadIds.addons, priceId: 3, createdAt: days(-1) };
    // $99.97 almost entirely unused: the $299.99 lifetime tier costs about $200.
    const offers = upgradesFor({ ...yearly, expiresAt: days(364) }, now);
    expect(offers.map((o) => o.name)).toEqual(['Addons Plugin – Lifetime Unlimited']);
    expect(offers[0]?.costCents).toBe(29_999 - Math.round(9_997 * (364 / 365)));
    expect(upgradesFor({ ...yearly, priceId: 4, expiresAt: null }, now)).toEqual([]);
  });

  it('prices the agency yearly bundle 30 days in: lifetime at $999 less 335/365 of $399', () => {
    const agency = {
      ...active,
      downloadId: downloadIds.agencyBundle,
      priceId: 1,
      createdAt: days(-30),
      expiresAt: days(335),
    };
    expect(upgradesFor(agency, now).map((o) => o.costCents)).toEqual([
      99_900 - Math.round((39_900 * 335) / 365),
    ]);
  });
});
