import { type ApiClient, type ApiClientOptions, createClientCore } from './client-core';
import { interpretErrorResponse } from './error-catalogue';

export type {
  ApiClient,
  ApiClientOptions,
  ApiResult,
  Query,
  RequestOptions,
  SentRequest,
} from './client-core';
export { resolveApiBase } from './client-core';

/**
 * The API client of DESIGN §5 with the error catalogue of spec §8 applied to every failure: the client
 * of signed-in elements (shared/api/index.ts) and of every test.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return createClientCore({ ...options, interpretError: interpretErrorResponse });
}
