import type { SessionStore } from '../stores/session';
import { type ApiClient, createApiClient, resolveApiBase } from './client';

/**
 * One client per API base on a page: elements pointing at the same API share it (and so share in-flight
 * requests). `session` is the page's session for signed-in elements, null for public ones.
 */
export function clientsFor(session: SessionStore | null): (apiBase: string | null | undefined) => ApiClient {
  const clients = new Map<string, ApiClient>();
  return (apiBase) => {
    const base = resolveApiBase(apiBase);
    let client = clients.get(base);
    if (!client) {
      client = createApiClient({ baseURL: base, session });
      clients.set(base, client);
    }
    return client;
  };
}
