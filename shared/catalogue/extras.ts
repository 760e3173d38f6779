import { downloadIds } from './product-ids';
import type { CatalogueProduct } from './types';

/**
 * 'Another lifetime product (9791)': shown only as an upsell (spec §9). The spec gives no name or price;
 * both are ours. It is offered to buyers who already hold the top tier (see upsells.ts).
 */
export const anotherLifetimeProduct: CatalogueProduct = {
  downloadId: downloadIds.anotherLifetime,
  name: 'Lifetime Toolkit',
  slug: 'lifetime-toolkit',
  kind: 'plugin',
  upsellOnly: true,
  tiers: [
    {
      priceId: 1,
      name: 'Lifetime Unlimited',
      price: 199,
      period: 'lifetime',
      sites: null,
      description: ['Unlimited sites', 'Lifetime updates', 'Lifetime support'],
    },
  ],
};

/**
 * The AI chatbot add-on (spec §9), offered by a checkbox on the documentation product (spec §4): price
 * id 1 is $8.99 a month, price id 2 is $69.00 a year. It is not in the product grid.
 */
export const aiChatbotAddon: CatalogueProduct = {
  downloadId: downloadIds.aiChatbot,
  name: 'AI Chatbot Add-on',
  slug: 'ai-chatbot-addon',
  kind: 'plugin',
  upsellOnly: true,
  tiers: [
    {
      priceId: 1,
      name: 'Monthly',
      price: 8.99,
      period: 'month',
      sites: null,
      description: ['AI answers from your documentation', 'Billed monthly'],
    },
    {
      priceId: 2,
      name: 'Yearly',
      price: 69,
      period: 'year',
      sites: null,
      description: ['AI answers from your documentation', 'Billed yearly'],
    },
  ],
};

/** The product the AI add-on is offered with. */
export const aiChatbotHostDownloadId = downloadIds.documentation;
/** The add-on's monthly and yearly price ids (the toggle of spec §4). */
export const aiChatbotPriceIds = { monthly: 1, yearly: 2 } as const;
