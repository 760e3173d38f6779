import { describe, expect, it } from 'vitest';
import { downloadIds, upsellCoupons, upsellsFor } from '../catalogue';
import type { OldCart } from './cart-storage';
import { savedProducts, upsellRequest } from './upsell-cart';

const saved: OldCart = {
  items: [
    { download_id: downloadIds.blocks, price_id: 1 },
    { download_id: downloadIds.addons, price_id: 3 },
    { download_id: downloadIds.links, price_id: 2 },
  ],
  coupon: 'SAVE10',
  licenseKey: 'abcdef0123456789',
};

describe('upsellRequest', () => {
  it('puts a higher tier in place of its own line, keeps the rest and the renewal key, with its coupon', () => {
    const offer = upsellsFor(downloadIds.addons, 3).tierOffer;
    if (!offer) throw new Error('no tier offer');
    expect(upsellRequest(saved, offer)).toEqual({
      products: [
        { download_id: downloadIds.blocks, price_id: 1, license: 'abcdef0123456789' },
        { download_id: downloadIds.addons, price_id: 4 },
        { download_id: downloadIds.links, price_id: 2 },
      ],
      coupon: upsellCoupons.addonsLifetime,
      action: 'replace',
    });
  });

  it("keeps the cart's coupon for a tier offer that has none, and never touches the renewal line", () => {
    const offer = upsellsFor(downloadIds.blocks, 1).tierOffer;
    if (!offer) throw new Error('no tier offer');
    expect(upsellRequest(saved, offer)).toEqual({
      products: [...savedProducts(saved), { download_id: downloadIds.blocks, price_id: 2 }],
      coupon: 'SAVE10',
      action: 'replace',
    });
  });

  it('puts the agency bundle in place of the whole cart, with its coupon', () => {
    const offer = upsellsFor(downloadIds.links, 2).bundleOffer;
    if (!offer) throw new Error('no bundle offer');
    expect(upsellRequest(saved, offer)).toEqual({
      products: [{ download_id: downloadIds.agencyBundle, price_id: 1 }],
      coupon: upsellCoupons.agencyBundle,
      action: 'replace',
    });
  });
});
