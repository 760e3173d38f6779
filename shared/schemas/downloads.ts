import * as v from 'valibot';

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
