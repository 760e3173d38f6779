import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useCallback, useMemo } from 'react';
import { apiFor } from '../../shared/api';
import { downloadFailures } from '../../shared/api/messages/download-failures';
import { messageOf } from '../../shared/format/messages';
import type { DownloadItem } from '../../shared/schemas/downloads';
import type { ActiveDownload } from '../../shared/stores/downloads';
import { showToast } from '../../shared/stores/toasts';
import { useApiBase } from './api-base';

type DownloadsModule = typeof import('../../shared/stores/downloads');

/**
 * The page's downloads store (one file at a time, with its progress), loaded with the first Download
 * click: My Products renders without it, and most of its visitors never download. Once loaded it is
 * set here, so every row then follows the file in flight.
 */
const $downloads = atom<DownloadsModule | null>(null);
let loading: Promise<DownloadsModule> | undefined;

function loadDownloads(): Promise<DownloadsModule> {
  loading ??= import('../../shared/stores/downloads').then(
    (module) => {
      $downloads.set(module);
      return module;
    },
    () => {
      // The next click tries again; this one reads as any failed download does (spec §8).
      loading = undefined;
      throw new Error(downloadFailures.downloadFailed);
    },
  );
  return loading;
}

const nothingInFlight = atom<{ download: ActiveDownload | null }>({ download: null });

/**
 * The file in flight for this element's API, and `download(item)`: fetches the item as a blob and saves
 * it under its name; a failure shows 'Failed to download' as an error toast. Resolves true once saved.
 */
export function useDownloads() {
  const apiBase = useApiBase();
  const module = useStore($downloads);
  const store = useMemo(() => module?.downloadsStoreFor(apiFor(apiBase)) ?? null, [module, apiBase]);
  const { download: active } = useStore(store?.$active ?? nothingInFlight);

  const download = useCallback(
    async (item: DownloadItem): Promise<boolean> => {
      try {
        const { downloadsStoreFor } = await loadDownloads();
        const file = await downloadsStoreFor(apiFor(apiBase)).download(item);
        if (!file) return false;
        const { saveFile } = await import('../../shared/ui/save-file').catch(() => {
          throw new Error(downloadFailures.downloadFailed);
        });
        saveFile(file.blob, file.filename);
        return true;
      } catch (error) {
        showToast({ kind: 'error', message: messageOf(error) });
        return false;
      }
    },
    [apiBase],
  );
  return { active, download };
}
