import * as v from 'valibot';
import { positiveId } from './positive-id';

/*
 * What the server accepts for the licence calls of spec §7. Apart from the answer schemas (licences.ts),
 * which the widgets import: a widget never sends these, so it does not ship them.
 */

/** `GET /products {page, per_page}`: 20 per page by default (spec §9). */
export const ProductsQuerySchema = v.object({
  page: v.optional(positiveId('page'), 1),
  per_page: v.optional(v.pipe(positiveId('per_page'), v.maxValue(100, 'per_page must be at most 100.')), 20),
});

export const HistoryQuerySchema = v.object({ payment_id: v.optional(positiveId('payment_id')) });

export const UpgradesQuerySchema = v.object({ license_id: positiveId('license_id') });

/** `POST /site`: add or deactivate a site (spec §7). The URL is not validated (spec §5 Site URL add). */
export const SiteRequestSchema = v.object({
  payment_id: positiveId('payment_id'),
  license_id: positiveId('license_id'),
  type: v.picklist(['add', 'remove'], 'type must be add or remove.'),
  url: v.pipe(v.string('url is required.'), v.maxLength(2048, 'url is too long.')),
});
export type SiteRequest = v.InferInput<typeof SiteRequestSchema>;
