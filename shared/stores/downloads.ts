import { map } from 'nanostores';
import type { ApiClient } from '../api/client';
import type { DownloadProgress } from '../api/download';
import { loadFailureText } from '../api/load-failure';
import { downloadFailures } from '../api/messages';
import { type DownloadItem, DownloadListSchema, downloadKey } from '../schemas/downloads';
import type { LoadState } from './load-state';

export interface DownloadsState {
  state: LoadState;
  items: DownloadItem[];
  error: string | null;
}

/** The file in flight: which one, and how far along (for the progress bar of large files). */
export interface ActiveDownload extends DownloadProgress {
  key: string;
}

export interface SavedFile {
  blob: Blob;
  filename: string;
}

export type DownloadsStore = ReturnType<typeof createDownloadsStore>;

/** PRO downloads (spec §7 `GET /downloads`), file downloads as blobs, and the download landing. */
export function createDownloadsStore(api: ApiClient) {
  const $downloads = map<DownloadsState>({ state: 'idle', items: [], error: null });
  const $active = map<{ download: ActiveDownload | null }>({ download: null });

  async function reload(): Promise<void> {
    $downloads.set({ ...$downloads.get(), state: 'loading', error: null });
    try {
      const { data } = await api.get('/downloads', DownloadListSchema);
      $downloads.set({ state: 'ready', items: data, error: null });
    } catch (error) {
      $downloads.set({
        state: 'error',
        items: [],
        error: loadFailureText(error, downloadFailures.downloadsFailed),
      });
    }
  }

  /** One file at a time: a second click while a file comes in sends nothing. */
  async function fetchFile(key: string, path: string, body: Record<string, unknown>, fallbackName: string) {
    if ($active.get().download) return null;
    $active.set({ download: { key, loaded: 0, total: null } });
    try {
      // The streaming, progress-counting download code comes with the first file asked for: a visitor
      // who never downloads (most of My Products' visitors) does not load it.
      const { downloadBlob } = await import('../api/download');
      const { blob, filename } = await downloadBlob(api, path, body, (progress) =>
        $active.set({ download: { key, ...progress } }),
      );
      return { blob, filename: filename ?? fallbackName } satisfies SavedFile;
    } catch (error) {
      // spec §8: a failed file download reads 'Failed to download', a 500 the catalogue's text.
      throw new Error(loadFailureText(error, downloadFailures.downloadFailed));
    } finally {
      $active.set({ download: null });
    }
  }

  return {
    $downloads,
    $active,
    load: () => ($downloads.get().state === 'idle' ? reload() : Promise.resolve()),
    reload,
    /** `POST /downloads` with the item's fields; null when another file is already coming. */
    download(item: DownloadItem): Promise<SavedFile | null> {
      const { download_name, download_id, price_id, payment_id, download_key, token } = item;
      return fetchFile(
        downloadKey(item),
        '/downloads',
        { download_name, download_id, price_id, payment_id, download_key, token },
        item.file_name,
      );
    },
    /** The public landing (spec §7 `{signature, download_name}`): no sign-in needed. */
    downloadSigned(signature: string, downloadName: string): Promise<SavedFile | null> {
      return fetchFile(
        `landing:${signature}`,
        '/downloads/landing',
        { signature, download_name: downloadName },
        `${downloadName.replace(/[^\w.-]+/g, '-')}.zip`,
      );
    },
  };
}

const stores = new Map<string, DownloadsStore>();

/** One downloads store per API on a page, shared by `<vendor-downloads>` and `<vendor-licenses>`. */
export function downloadsStoreFor(api: ApiClient): DownloadsStore {
  let store = stores.get(api.baseURL);
  if (!store) {
    store = createDownloadsStore(api);
    stores.set(api.baseURL, store);
  }
  return store;
}
