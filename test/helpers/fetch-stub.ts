/**
 * A pretend vendor API for browser tests of the elements: `fetch` is stubbed, each request is recorded
 * (method, path after `/api/v1`, query, headers, JSON body) and answered by the test's handler.
 */
export interface RecordedRequest {
  method: string;
  url: URL;
  /** The path after `/api/v1`, e.g. '/products'. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; null when none was sent. */
  body: unknown;
}

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** What a stub installs on: the `vi.spyOn(globalThis, 'fetch')` of the test. */
export interface FetchSpy {
  mockImplementation: (fn: typeof fetch) => unknown;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The server's answer to a path it does not serve. */
export const notFound = (): Response => json({ code: 'not_found', message: 'Not found.' }, 404);

export function zip(name: string, bytes = 2048): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': String(bytes),
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  });
}

let counter = 0;
/** A fresh api-base per test: stores are kept per API on a page. */
export function nextApiBase(prefix: string): string {
  counter += 1;
  return `/${prefix}-${counter}/api/v1`;
}

/** Installs the stub: every request is recorded, then answered by `answer`. Returns the record. */
export function recordFetch(fetchSpy: FetchSpy, answer: Handler): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  fetchSpy.mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url,
      path: url.pathname.replace(/^.*\/api\/v1/, ''),
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    requests.push(request);
    return answer(request);
  });
  return requests;
}

/** Installs the stub with routes keyed 'GET /products' (path after /api/v1); others are not found. */
export function stubApi(fetchSpy: FetchSpy, routes: Record<string, Handler>): RecordedRequest[] {
  return recordFetch(fetchSpy, (request) => {
    const handler = routes[`${request.method} ${request.path}`];
    return handler ? handler(request) : notFound();
  });
}
