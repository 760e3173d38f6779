import * as v from 'valibot';
import { timings } from '../catalogue/timings';
import { errorCode } from '../schemas/error';
import type { SessionStore } from '../stores/session';
import { ApiError } from './api-error';
import type { ApiClient } from './client';
import { clientErrorCode } from './client-error-codes';
import { interpretErrorResponse } from './error-catalogue';
import { requestFailures } from './messages';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POSTs a FormData body with upload progress, which fetch cannot report: XMLHttpRequest, with what the
 * API client does around fetch (the token in `X-WP-Nonce`, the refreshed nonce kept, the error
 * catalogue of spec §8 and its session effects, the answer parsed by its schema).
 */
export function uploadForm<S extends v.GenericSchema>(
  api: ApiClient,
  session: SessionStore,
  path: string,
  schema: S,
  body: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<v.InferOutput<S>> {
  const token = session.$token.get();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${api.baseURL}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('X-WP-Nonce', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    const networkError = () => reject(new ApiError(requestFailures.default, 0, errorCode.networkError));
    xhr.onerror = networkError;
    xhr.ontimeout = networkError;
    // The time limit of every change (client-core), on the page's clock: a stalled server is said, not
    // waited for with the dialog busy forever.
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      xhr.abort();
    }, timings.changeTimeoutMs);
    xhr.onloadend = () => clearTimeout(timer);
    xhr.onabort = () =>
      reject(
        timedOut
          ? new ApiError(requestFailures.default, 0, clientErrorCode.timeout)
          : new DOMException('The upload was aborted.', 'AbortError'),
      );
    xhr.onload = () => {
      // Only the session that sent the upload is rotated or ended by its answer (see client.ts).
      const stillCurrent = token !== null && session.$token.get() === token;
      const nonce = xhr.getResponseHeader('X-WP-Nonce');
      if (nonce && stillCurrent) session.setToken(nonce);
      const raw = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const { error, effect } = interpretErrorResponse(xhr.status, raw);
        if (effect === 'sign-out' && stillCurrent) session.signOut(error.message);
        else if (effect === 'company-not-found') session.companyNotFound();
        else if (effect === 'access-removed') session.accessRemoved(error.message);
        reject(error);
        return;
      }
      const parsed = v.safeParse(schema, raw);
      if (parsed.success) resolve(parsed.output);
      else reject(new ApiError(requestFailures.default, xhr.status, errorCode.invalidResponse));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
