import { session } from '../stores/session';
import { createApiClient } from './client';
import { clientsFor } from './clients-for';

export { ApiError, isApiError } from './api-error';
export type { BlobResult } from './blob';
export type { ApiClient, ApiResult, Query, RequestOptions } from './client';
export { createApiClient, resolveApiBase } from './client';
export type { ResponseMeta } from './response-meta';

/** The client of a signed-in element, on the page's session (see clients-for.ts). */
export const apiFor = clientsFor((baseURL) => createApiClient({ baseURL, session }));
