import { aiChatbotAddon, anotherLifetimeProduct } from './extras';
import { catalogueProducts } from './products';
import type { CatalogueProduct, PriceTier } from './types';

/** Every product the catalogue knows: the grid's nine, the upsell-only item and the AI add-on. */
export const allProducts: readonly CatalogueProduct[] = [
  ...catalogueProducts,
  anotherLifetimeProduct,
  aiChatbotAddon,
];

export function findProduct(downloadId: number): CatalogueProduct | undefined {
  return allProducts.find((product) => product.downloadId === downloadId);
}

export function findTier(downloadId: number, priceId: number): PriceTier | undefined {
  return findProduct(downloadId)?.tiers.find((tier) => tier.priceId === priceId);
}
