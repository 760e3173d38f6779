import type { BrowserContext, Page, Request, Response } from '@playwright/test';

/**
 * Records what a browser context does during a tour, for the token-safety and CSP proofs: every
 * request (with all its headers, Referer included), every document URL the pages show (history API
 * navigations too), every console message and page error, every CSP violation the pages report, and
 * every secret the server hands out (session nonces, guest cart tokens), so the tour can assert where
 * those secrets may and may not travel.
 */

export interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export interface CspViolation {
  page: string;
  directive: string;
  blockedURI: string;
  sample: string;
}

export interface StorageSnapshot {
  page: string;
  local: Record<string, string>;
  session: Record<string, string>;
  cookies: string[];
}

/** A document the browser loaded (a page, not a script or a call), with the CSP it came with. */
export interface SeenDocument {
  url: string;
  status: number;
  csp: string;
}

export interface TourRecord {
  requests: SeenRequest[];
  documents: SeenDocument[];
  documentUrls: string[];
  console: string[];
  violations: CspViolation[];
  storage: StorageSnapshot[];
  /** Session tokens: `token` in sign-in/2FA/switch answers, `X-WP-Nonce` answers, `access_token`. */
  sessionTokens: Set<string>;
  /** Guest cart tokens: `cart_token` in cart answers, the stored copy. */
  cartTokens: Set<string>;
}

const bindingName = 'proofReportCspViolation';

/** Collects every string value under the given property names, at any depth of a JSON body. */
function valuesNamed(value: unknown, names: ReadonlySet<string>, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) valuesNamed(item, names, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (names.has(key) && typeof inner === 'string' && inner.length > 0) found.push(inner);
      else valuesNamed(inner, names, found);
    }
  }
  return found;
}

const sessionTokenFields = new Set(['token']);
const cartTokenFields = new Set(['cart_token']);
/** Answers whose `token` is a session; elsewhere `token` names other things (a download's, PayPal's). */
const sessionAnswers = /\/api\/v1\/(?:signin|verify-2fa|configure-2fa|user-switch)$/;

export class TourRecorder {
  readonly record: TourRecord = {
    requests: [],
    documents: [],
    documentUrls: [],
    console: [],
    violations: [],
    storage: [],
    sessionTokens: new Set(),
    cartTokens: new Set(),
  };
  /** Header and body reads run after the events; `settle` waits for them. */
  private readonly pending: Promise<unknown>[] = [];

  private constructor(private readonly ownOrigin: string) {}

  /** Starts recording on a context before its first page opens. */
  static async attach(context: BrowserContext, ownOrigin: string): Promise<TourRecorder> {
    const recorder = new TourRecorder(ownOrigin);
    await context.exposeBinding(bindingName, ({ page }, violation: Omit<CspViolation, 'page'>) => {
      recorder.record.violations.push({ page: page.url(), ...violation });
    });
    // Injected through the debugging protocol, not as an inline script: the page's CSP does not apply.
    await context.addInitScript((name) => {
      // `securitypolicyviolation` is composed: violations inside the elements' shadow roots reach here.
      document.addEventListener(
        'securitypolicyviolation',
        (event) => {
          const report = (window as unknown as Record<string, (v: unknown) => void>)[name];
          report?.({
            directive: event.effectiveDirective,
            blockedURI: event.blockedURI,
            sample: event.sample,
          });
        },
        true,
      );
    }, bindingName);
    context.on('request', (request) => recorder.pending.push(recorder.onRequest(request)));
    context.on('response', (response) => recorder.pending.push(recorder.onResponse(response)));
    context.on('console', (message) =>
      recorder.record.console.push(`${message.type()}: ${message.text()} (${message.location().url})`),
    );
    context.on('page', (page) => recorder.watchPage(page));
    for (const page of context.pages()) recorder.watchPage(page);
    return recorder;
  }

  private watchPage(page: Page): void {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.record.documentUrls.push(frame.url());
    });
    page.on('pageerror', (error) => this.record.console.push(`pageerror: ${error.message}`));
  }

  private async onRequest(request: Request): Promise<void> {
    // allHeaders() includes what headers() leaves out (Referer, Cookie); a request the browser drops
    // may never report them, so fall back to the headers known at once.
    const headers = await Promise.race([
      request.allHeaders(),
      new Promise<Record<string, string>>((done) => setTimeout(() => done(request.headers()), 3000)),
    ]);
    this.record.requests.push({
      url: request.url(),
      method: request.method(),
      headers,
      body: request.postData() ?? '',
    });
  }

  private async onResponse(response: Response): Promise<void> {
    if (new URL(response.url()).origin !== this.ownOrigin) return;
    if (response.request().resourceType() === 'document') {
      this.record.documents.push({
        url: response.url(),
        status: response.status(),
        csp: response.headers()['content-security-policy'] ?? '',
      });
    }
    const nonce = response.headers()['x-wp-nonce'];
    if (nonce) this.record.sessionTokens.add(nonce);
    if (!/json/i.test(response.headers()['content-type'] ?? '')) return;
    try {
      const body: unknown = await response.json();
      if (sessionAnswers.test(new URL(response.url()).pathname))
        for (const token of valuesNamed(body, sessionTokenFields)) this.record.sessionTokens.add(token);
      for (const token of valuesNamed(body, cartTokenFields)) this.record.cartTokens.add(token);
    } catch {
      // Bodies of redirects and of pages that navigated away are gone; they carried no JSON for us.
    }
  }

  /** Records the page's storage and cookies now, and adds the stored tokens to the secrets. */
  async snapshotStorage(page: Page): Promise<StorageSnapshot> {
    const { local, session } = await page.evaluate(() => {
      const dump = (storage: Storage) =>
        Object.fromEntries(
          Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '').map((key) => [
            key,
            storage.getItem(key) ?? '',
          ]),
        );
      return { local: dump(localStorage), session: dump(sessionStorage) };
    });
    const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
    const snapshot = { page: page.url(), local, session, cookies };
    this.record.storage.push(snapshot);
    if (local.access_token) this.record.sessionTokens.add(local.access_token);
    if (local.vendor_cart_token) this.record.cartTokens.add(local.vendor_cart_token);
    return snapshot;
  }

  /** Waits for the header and body reads of everything seen so far. */
  async settle(): Promise<TourRecord> {
    while (this.pending.length > 0) await Promise.allSettled(this.pending.splice(0));
    return this.record;
  }
}
