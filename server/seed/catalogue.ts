import { allProducts, catalogueProducts } from '../../shared/catalogue';
import type { Database } from '../db';
import { bundleItems, products, productTiers } from '../db/schema';

export const toCents = (dollars: number): number => Math.round(dollars * 100);

/**
 * Writes the spec §9 catalogue (shared/catalogue is the one source) into the database on every start:
 * new products and tiers are added and changed ones updated, so the database follows the code. Tiers
 * are never deleted here, because past purchases refer to them.
 */
export async function seedCatalogue(db: Database): Promise<void> {
  for (const product of allProducts) {
    const { downloadId, name, slug, kind, upsellOnly } = product;
    await db
      .insert(products)
      .values({ downloadId, name, slug, kind, upsellOnly })
      .onConflictDoUpdate({ target: products.downloadId, set: { name, slug, kind, upsellOnly } });
    for (const tier of product.tiers) {
      const values = {
        name: tier.name,
        priceCents: toCents(tier.price),
        period: tier.period,
        sites: tier.sites,
        description: tier.description,
        coupon: tier.coupon ?? null,
      };
      await db
        .insert(productTiers)
        .values({ downloadId, priceId: tier.priceId, ...values })
        .onConflictDoUpdate({ target: [productTiers.downloadId, productTiers.priceId], set: values });
    }
  }

  // A bundle holds every plugin and theme of the product grid.
  const contents = catalogueProducts.filter((p) => p.kind !== 'bundle');
  for (const bundle of catalogueProducts.filter((p) => p.kind === 'bundle')) {
    await db
      .insert(bundleItems)
      .values(contents.map((item) => ({ bundleId: bundle.downloadId, downloadId: item.downloadId })))
      .onConflictDoNothing();
  }
}
