import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import type { DownloadsStore, SavedFile } from '../stores/downloads';
import { showToast } from '../stores/toasts';
import { saveFile } from './save-file';

/**
 * Runs a download of the downloads store and saves the file under its name; a failure shows the
 * store's message ('Failed to download') as an error toast. Returns the file in flight, for the buttons.
 */
export function useFileDownload(store: DownloadsStore) {
  const { download: active } = useStore(store.$active);
  const run = useCallback(async (fetchFile: () => Promise<SavedFile | null>): Promise<boolean> => {
    try {
      const file = await fetchFile();
      if (file) saveFile(file.blob, file.filename);
      return file !== null;
    } catch (error) {
      showToast({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }, []);
  return { active, run };
}
