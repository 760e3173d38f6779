import { describe, expect, it } from 'vitest';
import { catalogueProducts } from './products';
import { upsellCoupons, upsellMap, upsellsFor } from './upsells';

describe('upsellsFor', () => {
  it('offers the addons lifetime tier at 249.97 with its coupon', () => {
    const { tierOffer } = upsellsFor(4372, 3);
    expect(tierOffer).toMatchObject({
      downloadId: 4372,
      priceId: 4,
      price: 249.97,
      coupon: upsellCoupons.addonsLifetime,
      replaces: 'line',
    });
  });
  it('offers the next tier of the same product at its price', () => {
    expect(upsellsFor(4372, 1).tierOffer).toMatchObject({ downloadId: 4372, priceId: 3, price: 99.97 });
    expect(upsellsFor(1677666, 2).tierOffer).toMatchObject({ downloadId: 1677666, priceId: 3, price: 349 });
  });
  it('offers the agency bundle yearly (value 2600) to yearly tiers and lifetime (value 13000) to lifetime tiers', () => {
    expect(upsellsFor(342422, 1).bundleOffer).toMatchObject({
      downloadId: 474227,
      priceId: 1,
      price: 399,
      value: 2600,
      coupon: upsellCoupons.agencyBundle,
      replaces: 'cart',
    });
    expect(upsellsFor(342422, 3).bundleOffer).toMatchObject({
      downloadId: 474227,
      priceId: 2,
      price: 999,
      value: 13000,
    });
  });
  it('offers the agency lifetime to agency yearly buyers and 9791 to top tiers, no bundle inside the bundle', () => {
    expect(upsellsFor(474227, 1)).toMatchObject({
      tierOffer: { downloadId: 474227, priceId: 2, price: 999, value: 13000 },
      bundleOffer: null,
    });
    expect(upsellsFor(474227, 2).tierOffer).toMatchObject({ downloadId: 9791, priceId: 1 });
    expect(upsellsFor(4372, 4).tierOffer).toMatchObject({ downloadId: 9791 });
  });
  it('covers every grid tier and nothing else', () => {
    const tiers = catalogueProducts.reduce((n, p) => n + p.tiers.length, 0);
    expect(upsellMap.size).toBe(tiers);
    expect(upsellsFor(1, 1)).toEqual({ tierOffer: null, bundleOffer: null });
  });
});
