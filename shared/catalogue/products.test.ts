import { describe, expect, it } from 'vitest';
import { aiChatbotAddon, anotherLifetimeProduct } from './extras';
import { allProducts, findProduct, findTier } from './lookup';
import { agencyBundle, catalogueProducts } from './products';

/** Every price of spec §9, as downloadId → [priceId, price, period]. */
const specPrices: Record<number, [number, number, string][]> = {
  4372: [
    [1, 49.97, 'year'],
    [3, 99.97, 'year'],
    [4, 299.99, 'lifetime'],
  ],
  342422: [
    [1, 69, 'year'],
    [2, 149, 'year'],
    [3, 299, 'lifetime'],
  ],
  99658: [
    [1, 49, 'year'],
    [2, 199, 'year'],
    [3, 399, 'lifetime'],
  ],
  414494: [
    [1, 69, 'year'],
    [2, 199, 'year'],
    [3, 399, 'lifetime'],
  ],
  764539: [
    [1, 99, 'year'],
    [2, 249, 'year'],
    [3, 399, 'lifetime'],
  ],
  78593: [
    [1, 49, 'year'],
    [2, 149, 'year'],
    [3, 399, 'lifetime'],
  ],
  1677666: [
    [1, 49, 'year'],
    [2, 149, 'year'],
    [3, 349, 'year'],
  ],
  1738966: [
    [1, 59, 'year'],
    [2, 199, 'year'],
    [3, 499, 'lifetime'],
  ],
  474227: [
    [1, 399, 'year'],
    [2, 999, 'lifetime'],
  ],
};

describe('catalogue products', () => {
  it('lists the nine products of spec §9 in the grid, none upsell-only', () => {
    expect(catalogueProducts.map((p) => p.downloadId)).toEqual([
      4372, 342422, 99658, 414494, 764539, 78593, 1677666, 1738966, 474227,
    ]);
    expect(catalogueProducts.every((p) => !p.upsellOnly)).toBe(true);
  });

  it.each(Object.entries(specPrices))('product %s has the prices of spec §9', (id, prices) => {
    const product = findProduct(Number(id));
    expect(product?.tiers.map((t) => [t.priceId, t.price, t.period])).toEqual(prices);
  });

  it('shows the addons plugin per month as 4.99 and 9.99', () => {
    expect(findTier(4372, 1)?.perMonth).toBe(4.99);
    expect(findTier(4372, 3)?.perMonth).toBe(9.99);
    expect(findTier(4372, 4)?.perMonth).toBeUndefined();
  });

  it('gives the blocks plugin 1, 5 and 100 sites', () => {
    expect(findProduct(1677666)?.tiers.map((t) => t.sites)).toEqual([1, 5, 100]);
  });

  it('marks the agency bundle as a bundle', () => {
    expect(agencyBundle.kind).toBe('bundle');
    expect(agencyBundle.downloadId).toBe(474227);
  });

  it('keeps 9791 upsell-only', () => {
    expect(anotherLifetimeProduct.downloadId).toBe(9791);
    expect(anotherLifetimeProduct.upsellOnly).toBe(true);
    expect(anotherLifetimeProduct.tiers.every((t) => t.period === 'lifetime')).toBe(true);
  });

  it('prices the AI chatbot add-on at $8.99 monthly (1) and $69.00 yearly (2)', () => {
    expect(aiChatbotAddon.downloadId).toBe(1882016);
    expect(aiChatbotAddon.tiers.map((t) => [t.priceId, t.price, t.period])).toEqual([
      [1, 8.99, 'month'],
      [2, 69, 'year'],
    ]);
  });

  it('gives every tier a name and feature bullets, and every product a unique id and slug', () => {
    for (const product of allProducts) {
      for (const tier of product.tiers) {
        expect(tier.name).not.toBe('');
        expect(tier.description.length).toBeGreaterThan(0);
      }
    }
    expect(new Set(allProducts.map((p) => p.downloadId)).size).toBe(allProducts.length);
    expect(new Set(allProducts.map((p) => p.slug)).size).toBe(allProducts.length);
  });

  it('finds nothing for unknown ids', () => {
    expect(findProduct(1)).toBeUndefined();
    expect(findTier(4372, 2)).toBeUndefined();
  });
});
