import { describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { remainingShare, upgradesFor } from './upgrades';

const now = new Date('2026-06-01T00:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('upgradesFor', () => {
  it('offers the dearer tiers at full price for an expired licence', () => {
    const offers = upgradesFor(
      {
        downloadId: downloadIds.blocks,
        priceId: 1,
        parentLicenceId: null,
        createdAt: days(-400),
        expiresAt: days(-35),
      },
      now,
    );
    expect(offers.map((o) => [o.name, o.costCents])).toEqual([
      ['Blocks Plugin – 5 Sites', 14_900],
      ['Blocks Plugin – 100 Sites', 34_900],
    ]);
  });

  it('prorates by the unused share of the term', () => {
    // Half a year of a $49 licence left: $24.50 credit.
    const licence = {
      downloadId: downloadIds.blocks,
      priceId: 1,
      parentLicenceId: null,
      createdAt: days(-100),
      expiresAt: days(100),
    };
    expect(remainingShare(licence, now)).toBe(0.5);
    expect(upgradesFor(licence, now)[0]).toMatchObject({ priceId: 2, costCents: 14_900 - 2_450 });
  });

  it('offers nothing above the top tier of a bundle, nor for a bundle child, nor an unknown product', () => {
    const base = { parentLicenceId: null, createdAt: days(-10), expiresAt: null };
    expect(upgradesFor({ ...base, downloadId: downloadIds.agencyBundle, priceId: 2 }, now)).toEqual([]);
    expect(
      upgradesFor({ ...base, downloadId: downloadIds.addons, priceId: 1, parentLicenceId: 7 }, now),
    ).toEqual([]);
    expect(upgradesFor({ ...base, downloadId: 1, priceId: 1 }, now)).toEqual([]);
  });

  it('offers a yearly licence the lifetime tier, crediting what is left, and a lifetime one nothing', () => {
    const yearly = { downloadId: downloadIds.addons, priceId: 3, parentLicenceId: null, createdAt: days(-1) };
    // $99.97 almost entirely unused: the $299.99 lifetime tier costs about $200.
    const offers = upgradesFor({ ...yearly, expiresAt: days(364) }, now);
    expect(offers.map((o) => o.name)).toEqual(['Addons Plugin – Lifetime Unlimited']);
    expect(offers[0]?.costCents).toBe(29_999 - Math.round(9_997 * (364 / 365)));
    expect(upgradesFor({ ...yearly, priceId: 4, expiresAt: null }, now)).toEqual([]);
  });
});
