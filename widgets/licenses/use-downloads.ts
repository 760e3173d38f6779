import { useMemo } from 'react';
import { apiFor } from '../../shared/api';
import { downloadsStoreFor } from '../../shared/stores/downloads';
import { useFileDownload } from '../../shared/ui/use-file-download';
import { useApiBase } from './api-base';

/** The page's downloads store for this element's API, with the file-saving runner. */
export function useDownloads() {
  const apiBase = useApiBase();
  const store = useMemo(() => downloadsStoreFor(apiFor(apiBase)), [apiBase]);
  return { store, ...useFileDownload(store) };
}
