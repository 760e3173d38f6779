import { findProduct, findTier } from '../../shared/catalogue';
import type { CatalogueProduct, PriceTier } from '../../shared/catalogue/types';
import { toCents } from '../seed/catalogue';

export interface UpgradeLicence {
  downloadId: number;
  priceId: number;
  /** Child licences of a bundle are upgraded with their bundle, never alone. */
  parentLicenceId: number | null;
  createdAt: Date;
  /** Null: lifetime. */
  expiresAt: Date | null;
}

export interface UpgradeOffer {
  downloadId: number;
  priceId: number;
  /** 'Blocks Plugin – 5 Sites'. */
  name: string;
  /** What the customer pays: the new tier's price less the unused part of what they paid. */
  costCents: number;
}

/**
 * The share of the current term still unused, 0 to 1: a lifetime licence keeps all its value, an
 * expired one none, a yearly one what remains of the time between purchase and expiry.
 */
export function remainingShare(licence: UpgradeLicence, now: Date): number {
  if (licence.expiresAt === null) return 1;
  const term = licence.expiresAt.getTime() - licence.createdAt.getTime();
  const left = licence.expiresAt.getTime() - now.getTime();
  if (term <= 0 || left <= 0) return 0;
  return Math.min(1, left / term);
}

function offer(product: CatalogueProduct, tier: PriceTier, creditCents: number): UpgradeOffer {
  return {
    downloadId: product.downloadId,
    priceId: tier.priceId,
    name: `${product.name} – ${tier.name}`,
    costCents: Math.max(0, toCents(tier.price) - creditCents),
  };
}

/**
 * Upgrades of a licence: the product's dearer tiers, then the agency bundle's dearer tiers (lifetime
 * ones only for a lifetime licence), each
 * prorated by the credit of the unused term (spec §3 Upgrade: name, cost, link).
 */
export function upgradesFor(licence: UpgradeLicence, now: Date): UpgradeOffer[] {
  if (licence.parentLicenceId !== null) return [];
  const product = findProduct(licence.downloadId);
  const current = findTier(licence.downloadId, licence.priceId);
  if (!product || !current) return [];
  const credit = Math.round(toCents(current.price) * remainingShare(licence, now));
  // A lifetime licence is never "upgraded" to a yearly one, however dear.
  const dearer = (tier: PriceTier) =>
    tier.price > current.price && (current.period !== 'lifetime' || tier.period === 'lifetime');
  return product.tiers.filter(dearer).map((tier) => offer(product, tier, credit));
}
