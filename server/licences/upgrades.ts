import { findProduct, findTier } from '../../shared/catalogue';
import type { BillingPeriod, PriceTier } from '../../shared/catalogue/types';
import { toCents } from '../seed/catalogue';
import { isExpired } from './activation';

export interface UpgradeLicence {
  downloadId: number;
  priceId: number;
  /** Child licences of a bundle are upgraded with their bundle, never alone. */
  parentLicenceId: number | null;
  status: string;
  createdAt: Date;
  /** Null: lifetime. */
  expiresAt: Date | null;
}

/** A tier as an upgrade prices it: the catalogue's or the database's, both in cents. */
export interface UpgradeTier {
  priceId: number;
  priceCents: number;
  period: BillingPeriod;
}

export interface UpgradeOffer {
  downloadId: number;
  priceId: number;
  /** 'Blocks Plugin – 5 Sites'. */
  name: string;
  /** What the customer pays: the new tier's price less the unused part of what they paid. */
  costCents: number;
}

const dayMs = 86_400_000;

/**
 * The share of the current term still unused, 0 to 1, counted in whole days so that a price holds for
 * the day (the cart shown and the payment a minute later charge the same): a lifetime licence keeps all
 * its value, an expired one none, a yearly one the whole days left of the days between purchase and
 * expiry (the day under way counts as left).
 */
export function remainingShare(licence: Pick<UpgradeLicence, 'createdAt' | 'expiresAt'>, now: Date): number {
  if (licence.expiresAt === null) return 1;
  const termDays = Math.round((licence.expiresAt.getTime() - licence.createdAt.getTime()) / dayMs);
  const daysLeft = Math.ceil((licence.expiresAt.getTime() - now.getTime()) / dayMs);
  if (termDays <= 0 || daysLeft <= 0) return 0;
  return Math.min(1, daysLeft / termDays);
}

/** A dearer tier; a lifetime licence is never "upgraded" to a yearly one, however dear. */
function isUpgradeOf(current: UpgradeTier, target: UpgradeTier): boolean {
  return (
    target.priceCents > current.priceCents && (current.period !== 'lifetime' || target.period === 'lifetime')
  );
}

/** Licences that may move tier at all: not refunded and not part of a bundle. */
function movable(licence: UpgradeLicence): boolean {
  return licence.parentLicenceId === null && licence.status !== 'disabled';
}

/**
 * The price of moving a licence to another tier of its product, in cents, or null when that upgrade is
 * not offered. `GET /upgrades` and the cart both price with this one function, so the cost advertised is
 * the amount charged. Not offered: a bundle's child licence (it moves with its bundle), a refunded one,
 * an expired one (it is renewed first, and the renewal is what My Products offers it), and a tier that is
 * not an upgrade. The cost is the new tier's price less the credit for the unused term.
 */
export function upgradeCost(
  licence: UpgradeLicence,
  current: UpgradeTier | undefined,
  target: UpgradeTier | undefined,
  now: Date,
): number | null {
  if (!current || !target || !movable(licence) || isExpired(licence, now)) return null;
  if (!isUpgradeOf(current, target)) return null;
  const credit = Math.round(current.priceCents * remainingShare(licence, now));
  return Math.max(0, target.priceCents - credit);
}

export const catalogueTier = (tier: PriceTier): UpgradeTier => ({
  priceId: tier.priceId,
  priceCents: toCents(tier.price),
  period: tier.period,
});

/**
 * Whether the licence's product has a tier above the licence's own (`has_upgrades`). An expired
 * licence keeps it: My Products and Manage License offer its renewal, after which the upgrades are
 * there.
 */
export function hasUpgradePath(licence: UpgradeLicence): boolean {
  const product = findProduct(licence.downloadId);
  const current = findTier(licence.downloadId, licence.priceId);
  if (!product || !current || !movable(licence)) return false;
  return product.tiers.some((tier) => isUpgradeOf(catalogueTier(current), catalogueTier(tier)));
}

/** Upgrades of a licence (spec §3 Upgrade: name, cost, link): the product's tiers it may move to. */
export function upgradesFor(licence: UpgradeLicence, now: Date): UpgradeOffer[] {
  const product = findProduct(licence.downloadId);
  const current = findTier(licence.downloadId, licence.priceId);
  if (!product || !current) return [];
  return product.tiers.flatMap((tier) => {
    const costCents = upgradeCost(licence, catalogueTier(current), catalogueTier(tier), now);
    return costCents === null
      ? []
      : [
          {
            downloadId: product.downloadId,
            priceId: tier.priceId,
            name: `${product.name} – ${tier.name}`,
            costCents,
          },
        ];
  });
}
