import * as v from 'valibot';
import { maxId } from './ids';

/** spec §3 Download item, as `GET /downloads` and My Products send it; a bundle's item nests `downloads`. */
export interface DownloadItem {
  download_name: string;
  download_id: number;
  price_id: number;
  payment_id: number;
  /** The licence key the file is downloaded under. */
  download_key: string;
  /** Signed, expiring token (24 h); the same signature opens the public download landing. */
  token: string;
  /** The archive's file name, e.g. 'addons-plugin.zip'. */
  file_name: string;
  /** The public landing link (`/download?signature=…&name=…`) for this file. */
  landing_url: string;
  downloads?: DownloadItem[];
}

export const DownloadItemSchema: v.GenericSchema<DownloadItem> = v.object({
  download_name: v.string(),
  download_id: v.number(),
  price_id: v.number(),
  payment_id: v.number(),
  download_key: v.string(),
  token: v.string(),
  file_name: v.string(),
  landing_url: v.string(),
  downloads: v.optional(v.array(v.lazy(() => DownloadItemSchema))),
});

export const DownloadListSchema = v.array(DownloadItemSchema);

/** Identifies a PRO item among others of the same product bought twice or inside bundles. */
export const downloadKey = (item: Pick<DownloadItem, 'download_key' | 'download_id'>) =>
  `${item.download_key}:${item.download_id}`;

const text = (field: string, max = 200) =>
  v.pipe(v.string(`${field} is required.`), v.trim(), v.nonEmpty(`${field} is required.`), v.maxLength(max));

const wholeNumber = (field: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${field} must be a number.`))]),
    v.transform(Number),
    v.integer(`${field} must be a whole number.`),
    v.minValue(1, `${field} must be a positive number.`),
    v.maxValue(maxId, `${field} is too large.`),
  );

/** `POST /downloads` for a PRO file (spec §7): the fields of the download item; signed-in owner only. */
export const ProDownloadRequestSchema = v.object({
  download_name: text('download_name'),
  download_id: wholeNumber('download_id'),
  price_id: wholeNumber('price_id'),
  payment_id: wholeNumber('payment_id'),
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
