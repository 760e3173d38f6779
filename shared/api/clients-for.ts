import { type ApiClient, resolveApiBase } from './client-core';

/**
 * One client per API base on a page, made by `create`: elements pointing at the same API share it (and so
 * share in-flight requests).
 */
export function clientsFor(
  create: (baseURL: string) => ApiClient,
): (apiBase: string | null | undefined) => ApiClient {
  const clients = new Map<string, ApiClient>();
  return (apiBase) => {
    const base = resolveApiBase(apiBase);
    let client = clients.get(base);
    if (!client) {
      client = create(base);
      clients.set(base, client);
    }
    return client;
  };
}
