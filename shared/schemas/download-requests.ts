import * as v from 'valibot';
import { positiveId } from './positive-id';

/*
 * What the server accepts for the download calls of spec §7. Apart from the answer schemas
 * (downloads.ts), which the widgets import: a widget never sends these, so it does not ship them.
 */

const text = (field: string, max = 200) =>
  v.pipe(v.string(`${field} is required.`), v.trim(), v.nonEmpty(`${field} is required.`), v.maxLength(max));

/** `POST /downloads` for a PRO file (spec §7): the fields of the download item; signed-in owner only. */
export const ProDownloadRequestSchema = v.object({
  download_name: text('download_name'),
  download_id: positiveId('download_id'),
  price_id: positiveId('price_id'),
  payment_id: positiveId('payment_id'),
  download_key: text('download_key'),
  token: text('token', 2000),
});
export type ProDownloadRequest = v.InferInput<typeof ProDownloadRequestSchema>;

/**
 * `POST /downloads` for one of the free items (spec §7): download_name is the item's slug; the purchase
 * fields are accepted as the spec lists them but a free item needs none of them.
 */
export const FreeDownloadRequestSchema = v.object({
  download_name: text('download_name'),
  purchase_key: v.optional(v.string()),
  email: v.optional(v.string()),
  purchase_id: v.optional(v.union([v.string(), v.number()])),
});
export type FreeDownloadRequest = v.InferInput<typeof FreeDownloadRequestSchema>;

/** The public download landing (spec §7 `{signature, download_name}`). */
export const LandingDownloadRequestSchema = v.object({
  signature: text('signature', 2000),
  download_name: text('download_name'),
});
export type LandingDownloadRequest = v.InferInput<typeof LandingDownloadRequestSchema>;
