import { session } from '../stores/session';
import { type BlobResult, requestBlob } from './blob';
import { type ApiClient, createApiClient } from './client';

export interface DownloadProgress {
  loaded: number;
  /** From `Content-Length`; null when the server does not say. */
  total: number | null;
}

/**
 * A fetch whose answers report how much of their body has arrived, by passing the body through a
 * counting stream. Only successful answers are counted; errors are small JSON bodies.
 */
export function progressFetch(onProgress: (progress: DownloadProgress) => void): typeof fetch {
  return async (input, init) => {
    const response = await globalThis.fetch(input, init);
    if (!response.ok || !response.body) return response;
    const length = Number(response.headers.get('Content-Length'));
    const total = Number.isFinite(length) && length > 0 ? length : null;
    const reader = response.body.getReader();
    let loaded = 0;
    onProgress({ loaded, total });
    const counted = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        loaded += value.byteLength;
        onProgress({ loaded, total });
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/**
 * POSTs and receives a file with progress, through a client on the same API base and page session as
 * `api` (token, refreshed nonce and the spec §8 error catalogue all apply as for any call).
 */
export function downloadBlob(
  api: ApiClient,
  path: string,
  body: Record<string, unknown>,
  onProgress: (progress: DownloadProgress) => void,
): Promise<BlobResult> {
  const client = createApiClient({ baseURL: api.baseURL, session, fetch: progressFetch(onProgress) });
  return requestBlob(client, 'POST', path, { body });
}
