import { errorCode } from '../schemas/error';
import { ApiError } from './api-error';
import type { ApiClient, RequestOptions } from './client';
import { requestFailures } from './messages/request-failures';
import type { ResponseMeta } from './response-meta';

export interface BlobResult {
  blob: Blob;
  /** From `Content-Disposition`, when the server names the file. */
  filename: string | null;
  meta: ResponseMeta;
}

/**
 * Invoices, downloads, CSV: the answer as a Blob with the file name the server gives. A module of its
 * own (not a client method) so that only the elements that save files download this code.
 */
export async function requestBlob(
  api: ApiClient,
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<BlobResult> {
  const { raw, meta, headers } = await api.send(method, path, 'blob', options);
  // A file call answered with JSON got no file: an error body in a 200, or an answer of the wrong shape.
  if (!(raw instanceof Blob) || /^application\/json\b/.test(raw.type))
    throw new ApiError(requestFailures.default, 200, errorCode.invalidResponse);
  return { blob: raw, filename: filenameFrom(headers.get('Content-Disposition')), meta };
}

function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}
