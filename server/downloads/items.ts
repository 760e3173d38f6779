import type { DownloadItem } from '../../shared/schemas/downloads';
import type { LicenceRecord } from '../licences/records';
import { productPackage } from './packages';
import { signDownload } from './signing';

export interface DownloadLinkContext {
  secret: string;
  /** The public origin, for the landing link. */
  origin: string;
  now: Date;
}

export interface DownloadSource {
  licenceId: number;
  downloadId: number;
  priceId: number;
  paymentId: number;
  licenceKey: string;
}

/** The landing page of a signed file (spec §2 Download landing: query signature and name). */
export function landingUrl(origin: string, signature: string, name: string): string {
  const query = new URLSearchParams({ signature, name });
  return `${origin}/download?${query.toString()}`;
}

/** spec §3 Download item for one licensed product, with a fresh 24-hour signature; null if unknown. */
export function downloadItem(
  source: DownloadSource,
  context: DownloadLinkContext,
  nested?: DownloadItem[],
): DownloadItem | null {
  const pkg = productPackage(source.downloadId);
  if (!pkg) return null;
  const token = signDownload(
    context.secret,
    { file: pkg.id, name: pkg.title, licenceId: source.licenceId },
    context.now,
  );
  const item: DownloadItem = {
    download_name: pkg.title,
    download_id: source.downloadId,
    price_id: source.priceId,
    payment_id: source.paymentId,
    download_key: source.licenceKey,
    token,
    file_name: pkg.fileName,
    landing_url: landingUrl(context.origin, token, pkg.title),
  };
  if (nested) item.downloads = nested;
  return item;
}

/** The download items of licensed products (unknown products are left out). */
export function downloadItems(
  records: readonly LicenceRecord[],
  context: DownloadLinkContext,
): DownloadItem[] {
  return records.flatMap(({ licence }) => {
    const item = downloadItem(
      {
        licenceId: licence.id,
        downloadId: licence.downloadId,
        priceId: licence.priceId,
        paymentId: licence.paymentId,
        licenceKey: licence.key,
      },
      context,
    );
    return item ? [item] : [];
  });
}
