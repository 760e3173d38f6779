/** Shapes of the local catalogue of spec §9. The data lives in the modules beside this file. */

export type ProductKind = 'plugin' | 'theme' | 'bundle';
/** How a tier bills: once a year, once for life, or monthly (the AI add-on). */
export type BillingPeriod = 'year' | 'lifetime' | 'month';

export interface PriceTier {
  priceId: number;
  /** The tier's name as shown, e.g. '1 Site', 'Unlimited Sites', 'Lifetime Unlimited'. */
  name: string;
  /** USD, two decimals. */
  price: number;
  period: BillingPeriod;
  /** Activation limit; null means unlimited. */
  sites: number | null;
  /** Feature bullets shown under the plan selector. */
  description: string[];
  /** A coupon applied with this tier, when the catalogue names one. */
  coupon?: string;
  /**
   * The per-month figure the catalogue shows when it is not the instalment rule's price / 12 (spec §9:
   * the addons plugin's 49.97 tier is "shown as 4.99/month").
   */
  perMonth?: number;
}

export interface CatalogueProduct {
  downloadId: number;
  name: string;
  slug: string;
  kind: ProductKind;
  /** Shown only as an upsell, never in the product grid. */
  upsellOnly: boolean;
  tiers: PriceTier[];
}

export interface FreeDownload {
  name: string;
  image: string;
  slug: string;
  isTheme: boolean;
}
