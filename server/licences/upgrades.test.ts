import { describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { remainingShare, upgradesFor } from './upgrades';

const now = new Date('2026-06-01T00:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('upgradesFor', () => {
  it('offers the dearer tiers and the agency bundle at full price for an expired licence', () => {
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
      ['Agency Bundle – Agency Yearly', 39_900],
      ['Agency Bundle – Agency Lifetime', 99_900],
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

  it('never asks a negative cost', () => {
    const lifetime = {
      downloadId: downloadIds.addons,
      priceId: 4,
      parentLicenceId: null,
      createdAt: days(-1),
    };
    const offers = upgradesFor({ ...lifetime, expiresAt: null }, now);
    expect(offers.every((o) => o.costCents >= 0)).toBe(true);
    expect(offers.map((o) => o.name)).toEqual(['Agency Bundle – Agency Lifetime']);
  });
});
