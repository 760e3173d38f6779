/**
 * A pretend vendor API for browser tests of `<vendor-licenses>` and `<vendor-downloads>`: `fetch` is
 * stubbed, each request is recorded (method, path, query, JSON body) and answered by a route handler.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

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

/** Installs the stub; routes are keyed 'GET /products' (path after /api/v1). */
export function stubApi(
  fetchSpy: { mockImplementation: (fn: typeof fetch) => unknown },
  routes: Record<string, Handler>,
) {
  const requests: RecordedRequest[] = [];
  fetchSpy.mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const path = url.pathname.replace(/^.*\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    const request = { method, path, query: url.searchParams, body };
    requests.push(request);
    const handler = routes[`${method} ${path}`];
    return handler ? handler(request) : json({ code: 'not_found', message: 'Not found.' }, 404);
  });
  return requests;
}

export function shadow(element: Element): ShadowRoot {
  if (!element.shadowRoot) throw new Error('no shadow root');
  return element.shadowRoot;
}

export async function until<T>(probe: () => T | null | undefined | false, timeout = 3000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (performance.now() - started > timeout) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function buttonByText(root: ParentNode, text: string): HTMLButtonElement | undefined {
  return [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === text);
}

export function linkByText(root: ParentNode, text: string): HTMLAnchorElement | undefined {
  return [...root.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent?.trim() === text);
}

/** The text of each row of the first table, cell by cell. */
export function tableRows(root: ParentNode): string[][] {
  return [...root.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? ''),
  );
}
