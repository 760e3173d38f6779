import * as v from 'valibot';
import { type SiteKind, siteKinds } from '../licences/site-kind';
import { DownloadItemSchema } from './downloads';

const isSiteKind = (value: unknown): value is SiteKind => siteKinds.includes(value as SiteKind);

/** `v.record(v.string(), v.picklist(siteKinds))` as session.ts's recordOf checks it (why: see there). */
const SiteKindsSchema = v.custom<Record<string, SiteKind>>(
  (input) =>
    typeof input === 'object' &&
    input !== null &&
    !Array.isArray(input) &&
    Object.values(input).every(isSiteKind),
  'Invalid type: Expected Object',
);

/**
 * Licences, sites, products and upgrades of spec §3 and §7, as the API sends them. The server builds its
 * answers with these types and the elements parse every answer with these schemas.
 */

/** `expiration`: unix seconds, or 'lifetime' (shown as 'Never', spec §9). */
export const ExpirationSchema = v.union([v.number(), v.string()]);

/** spec §3 License (plus `price_id` and `download_id`, which renewal and downloads need). */
export const LicenseSchema = v.object({
  license_id: v.number(),
  license_key: v.string(),
  payment_id: v.number(),
  download_id: v.number(),
  price_id: v.number(),
  name: v.string(),
  /** active, expired, inactive, pending, disabled (refunded) or anything else the API says. */
  status: v.string(),
  /** Activation limit; null is unlimited. */
  limit: v.nullable(v.number()),
  activation_count: v.number(),
  expiration: ExpirationSchema,
  /** The active sites' URLs (spec §3 Site data). */
  sites: v.array(v.string()),
  /**
   * The kind of each site that is not production, by URL (issue 17): staging and local sites are shown
   * with a badge and not counted in `activation_count`. A site missing here is a production site.
   */
  site_kinds: v.optional(SiteKindsSchema),
  /** Whether this licence's tier lets staging and local sites go free; missing means it does not say. */
  staging_sites_free: v.optional(v.boolean()),
  has_upgrades: v.boolean(),
  /** Absolute checkout URL that renews this licence (spec §2 Manage License, Upgrade column). */
  renewal_link: v.string(),
});
export type License = v.InferOutput<typeof LicenseSchema>;

/** One row of My Products (spec §3 Purchase → product): a product bought in one purchase. */
export const ProductSchema = v.object({
  ID: v.number(),
  payment_id: v.number(),
  name: v.string(),
  /** Image URL; '' when the product has none. */
  icon: v.string(),
  price_name: v.string(),
  price_id: v.number(),
  is_bundle: v.boolean(),
  license: LicenseSchema,
  downloads: v.array(DownloadItemSchema),
  has_upgrades: v.boolean(),
});
export type Product = v.InferOutput<typeof ProductSchema>;

export const ProductListSchema = v.array(ProductSchema);

/** `GET /history {payment_id}`: the licences of one purchase with their sites (Manage License, Sites). */
export const PurchaseLicensesSchema = v.object({
  payment_id: v.number(),
  number: v.string(),
  status: v.string(),
  licenses: v.array(LicenseSchema),
});
export type PurchaseLicenses = v.InferOutput<typeof PurchaseLicensesSchema>;

/** spec §3 Upgrade: cost in dollars (prorated), link into the checkout. */
export const UpgradeSchema = v.object({
  name: v.string(),
  cost: v.number(),
  link: v.string(),
  download_id: v.number(),
  price_id: v.number(),
});
export type Upgrade = v.InferOutput<typeof UpgradeSchema>;

export const UpgradeListSchema = v.array(UpgradeSchema);
