import { vi } from 'vitest';

/**
 * Browser-test doubles for `<vendor-tickets>`: fetch answers by method and path, and an
 * XMLHttpRequest that records uploads (fetch cannot report upload progress, so the element uses XHR).
 */
export interface Recorded {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: FormData | null;
}

export type Answer = { status?: number; body: unknown } | 'pending';
export type Router = (request: Recorded) => Answer | Response;

export const requests: Recorded[] = [];
export const uploads: Recorded[] = [];

function toResponse(answer: Answer | Response): Promise<Response> {
  if (answer instanceof Response) return Promise.resolve(answer);
  if (answer === 'pending') return new Promise(() => {});
  return Promise.resolve(
    new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

class FakeXhr {
  static router: Router = () => ({ status: 500, body: {} });
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  private record: Recorded = { method: '', url: new URL(location.href), headers: {}, body: null };

  open(method: string, url: string) {
    this.record = { method, url: new URL(url, location.href), headers: {}, body: null };
  }
  setRequestHeader(name: string, value: string) {
    this.record.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.record.body = body;
    uploads.push(this.record);
    const answer = FakeXhr.router(this.record);
    if (answer === 'pending') return;
    setTimeout(async () => {
      this.upload.onprogress?.(
        new ProgressEvent('progress', { lengthComputable: true, loaded: 50, total: 100 }),
      );
      const response = await toResponse(answer);
      this.status = response.status;
      this.responseText = await response.text();
      this.onload?.();
    }, 20);
  }
}

/** Installs both doubles; `route` answers fetch and XHR alike. */
export function stubNetwork(route: Router): void {
  requests.length = 0;
  uploads.length = 0;
  FakeXhr.router = route;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const record: Recorded = {
      method: request.method,
      url: new URL(request.url, location.href),
      headers: Object.fromEntries(request.headers.entries()),
      body: null,
    };
    requests.push(record);
    return toResponse(route(record));
  });
}

/** Puts files into a file input the way a user's pick does. */
export function pickFiles(input: HTMLInputElement, files: File[]): void {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

export const pngBytes = (size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};
