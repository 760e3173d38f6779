import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { downloadFailures } from '../api/messages/download-failures';
import type { DownloadsStore, SavedFile } from '../stores/downloads';
import { showToast } from '../stores/toasts';

/**
 * Runs a download of the downloads store and saves the file under its name; a failure shows the
 * store's message ('Failed to download') as an error toast. Returns the file in flight, for the buttons.
 */
export function useFileDownload(store: DownloadsStore) {
  const { download: active } = useStore(store.$active);
  const run = useCallback(async (fetchFile: () => Promise<SavedFile | null>): Promise<boolean> => {
    try {
      const file = await fetchFile();
      if (file) {
        // Loaded with the first file, as the download code is (stores/downloads.ts); a failure to load
        // it reads as any failed download does (spec §8).
        const { saveFile } = await import('./save-file').catch(() => {
          throw new Error(downloadFailures.downloadFailed);
        });
        saveFile(file.blob, file.filename);
      }
      return file !== null;
    } catch (error) {
      showToast({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }, []);
  return { active, run };
}
