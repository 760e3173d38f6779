import type { TestApp } from '../../../server/test-support/app';
import type { ProbeRequest } from './access-matrix';

/** `GET /api/v1/history` → `GET`; a file mount (`ALL /widgets/*`) is fetched with GET. */
export function methodOf(route: string): string {
  const method = route.split(' ', 1)[0] ?? 'GET';
  return method === 'ALL' ? 'GET' : method;
}

/** Sends one probe to the in-process app, as a browser with this token (or none) would. */
export async function sendProbe(
  app: TestApp['app'],
  method: string,
  request: ProbeRequest,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = token ? { 'X-WP-Nonce': token } : {};
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  return app.request(`${request.path}${query}`, { method, headers, body });
}
