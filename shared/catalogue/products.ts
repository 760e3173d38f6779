import { downloadIds } from './product-ids';
import type { CatalogueProduct, PriceTier } from './types';

/*
 * The nine products of spec §9 with the spec's prices. Tier names, site counts and feature bullets are
 * ours (the spec gives prices only). Price ids run 1, 2, 3 except where the free-months rule gives them
 * meaning: the addons plugin sells price ids 1, 3 and 4 (id 2 is a retired tier, never sold again).
 */

const yearlyBullets = (sites: string): string[] => [sites, '1 year of updates', '1 year of support'];
const lifetimeBullets = ['Unlimited sites', 'Lifetime updates', 'Lifetime support'];

function oneSite(priceId: number, price: number): PriceTier {
  return { priceId, name: '1 Site', price, period: 'year', sites: 1, description: yearlyBullets('1 site') };
}

function unlimited(priceId: number, price: number): PriceTier {
  return {
    priceId,
    name: 'Unlimited Sites',
    price,
    period: 'year',
    sites: null,
    description: yearlyBullets('Unlimited sites'),
  };
}

function lifetime(priceId: number, price: number): PriceTier {
  return {
    priceId,
    name: 'Lifetime Unlimited',
    price,
    period: 'lifetime',
    sites: null,
    description: lifetimeBullets,
  };
}

/** The usual plugin ladder: 1 site yearly, unlimited yearly, lifetime unlimited (price ids 1, 2, 3). */
function plugin(
  downloadId: number,
  name: string,
  slug: string,
  prices: [number, number, number],
): CatalogueProduct {
  const [single, many, forever] = prices;
  return {
    downloadId,
    name,
    slug,
    kind: 'plugin',
    upsellOnly: false,
    tiers: [oneSite(1, single), unlimited(2, many), lifetime(3, forever)],
  };
}

const addons: CatalogueProduct = {
  downloadId: downloadIds.addons,
  name: 'Addons Plugin',
  slug: 'addons-plugin',
  kind: 'plugin',
  upsellOnly: false,
  tiers: [
    { ...oneSite(1, 49.97), perMonth: 4.99 },
    { ...unlimited(3, 99.97), perMonth: 9.99 },
    // 299.99 in the catalogue; the upsell offers the same tier for 249.97 (see upsells.ts).
    lifetime(4, 299.99),
  ],
};

function sites(priceId: number, price: number, count: number): PriceTier {
  const label = count === 1 ? '1 Site' : `${count} Sites`;
  return {
    priceId,
    name: label,
    price,
    period: 'year',
    sites: count,
    description: yearlyBullets(label.toLowerCase()),
  };
}

const blocks: CatalogueProduct = {
  downloadId: downloadIds.blocks,
  name: 'Blocks Plugin',
  slug: 'blocks-plugin',
  kind: 'plugin',
  upsellOnly: false,
  tiers: [sites(1, 49, 1), sites(2, 149, 5), sites(3, 349, 100)],
};

export const agencyBundle: CatalogueProduct = {
  downloadId: downloadIds.agencyBundle,
  name: 'Agency Bundle',
  slug: 'agency-bundle',
  kind: 'bundle',
  upsellOnly: false,
  tiers: [
    {
      priceId: 1,
      name: 'Agency Yearly',
      price: 399,
      period: 'year',
      sites: null,
      description: ['Every plugin and theme', 'Unlimited sites', '1 year of updates and support'],
    },
    {
      priceId: 2,
      name: 'Agency Lifetime',
      price: 999,
      period: 'lifetime',
      sites: null,
      description: ['Every plugin and theme', 'Unlimited sites', 'Lifetime updates and support'],
    },
  ],
};

/** The product grid of the empty-cart page, in this order. */
export const catalogueProducts: readonly CatalogueProduct[] = [
  addons,
  plugin(downloadIds.documentation, 'Documentation Plugin', 'documentation-plugin', [69, 149, 299]),
  plugin(downloadIds.notification, 'Notification Plugin', 'notification-plugin', [49, 199, 399]),
  plugin(downloadIds.embed, 'Embed Plugin', 'embed-plugin', [69, 199, 399]),
  plugin(downloadIds.links, 'Links Plugin', 'links-plugin', [99, 249, 399]),
  plugin(downloadIds.scheduling, 'Scheduling Plugin', 'scheduling-plugin', [49, 149, 399]),
  blocks,
  plugin(downloadIds.payment, 'Payment Plugin', 'payment-plugin', [59, 199, 499]),
  agencyBundle,
];
