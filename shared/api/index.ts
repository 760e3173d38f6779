import { session } from '../stores/session';
import { type ApiClient, createApiClient, resolveApiBase } from './client';

export { ApiError, isApiError } from './api-error';
export type { ApiClient, ApiResult, BlobResult, Query, RequestOptions } from './client';
export { createApiClient, resolveApiBase } from './client';
export type { ResponseMeta } from './response-meta';

const clients = new Map<string, ApiClient>();

/**
 * One client per API base on a page, on the page's session: elements pointing at the same API share it
 * (and so share in-flight requests).
 */
export function apiFor(apiBase: string | null | undefined): ApiClient {
  const base = resolveApiBase(apiBase);
  let client = clients.get(base);
  if (!client) {
    client = createApiClient({ baseURL: base, session });
    clients.set(base, client);
  }
  return client;
}
