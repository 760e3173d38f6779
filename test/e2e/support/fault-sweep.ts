import type { Browser, BrowserContext, Page, Request, Route } from '@playwright/test';
import { resolveLocation } from '../../../portal/resolve';
import { allRoutes, fullPath, type RouteEntry } from '../../../portal/routes';
import { serviceUnavailable } from '../../../server/http/errors';
import { demoAccounts as seededAccounts } from '../../../server/seed/demo-accounts';
import * as messages from '../../../shared/api/messages';
import { downloadIds } from '../../../shared/catalogue/product-ids';
import { type DemoAccount, demoAccounts } from './session';

/**
 * The fault sweep (DESIGN §7, issue 23): every API call a page makes on load, answered in turn with a
 * fault, must end in a readable message with Try again, a bounded number of requests, nothing blank, no
 * uncaught error, and the real content once the fault is lifted and Try again is pressed.
 *
 * The list of calls is not written down: each page is first visited unfaulted and its `/api/v1` requests
 * recorded, so a call added to any page is swept without anyone listing it.
 */

export type Fault = '500' | '503' | 'stall' | 'dropped' | 'malformed';
export type Role = DemoAccount | 'guest';

/** One page as one visitor opens it. */
export interface Visit {
  role: Role;
  url: string;
  /** localStorage items set before the page's scripts run (the cart that bought an order). */
  storage?: Record<string, string>;
  /** A cart of its own with one line, made for each opening (a signed-in visitor takes a cart over). */
  cartLine?: boolean;
  /**
   * A session of its own for each opening, for an action that ends the session it runs in: 'fresh' signs
   * the role in anew, 'switched' then switches that staff member into the demo customer.
   */
  session?: 'fresh' | 'switched';
  /** The page it opens, when not told by its path: a checkout link that fills the cart opens the cart. */
  page?: string;
}

/** A call as the sweep tells calls apart: method, path and the names (not values) of its query. */
export interface Call {
  key: string;
  /** The tab whose opening makes the call (a list behind a tab), or none when the page makes it on load. */
  tab?: string;
  /** The body the real server answered with: the malformed answer is valid JSON of the other shape. */
  answersArray: boolean;
}

export interface Case {
  visit: Visit;
  call: Call;
}

const apiPrefix = '/api/v1/';
/** The checkout with a cart line: a page of its own for the sweep (the payment column loads there). */
const cartPage = '/checkout with a cart line';
/** Most requests of one call a faulted page may send in 10 s (the first and two Try agains' worth). */
export const maxRequestsIn10s = 3;

export function callKey(request: Request): string | null {
  const url = new URL(request.url());
  if (!url.pathname.startsWith(apiPrefix)) return null;
  const names = [...new Set(url.searchParams.keys())].sort();
  return `${request.method()} ${url.pathname}${names.length ? `?${names.join('&')}` : ''}`;
}

/**
 * Every failure text of spec §8 (and the server's 503 text): what "a message a person can read" means.
 * Success and copy confirmations are no answer to a failure, so they do not count.
 */
const { successMessages: _success, copyMessages: _copy, ...failureGroups } = messages;
export const readableMessages: ReadonlySet<string> = new Set([
  ...Object.values(failureGroups).flatMap((group) =>
    Object.values(group).filter((text): text is string => typeof text === 'string'),
  ),
  serviceUnavailable().message,
]);

// ---- Setting up: sessions, the ids the routes need, a cart line, a paid order -------------------------

/** A role's session shared by the openings that need no session of their own. */
interface SharedSession {
  token: string;
  signedInAt: number;
}

export interface Fixtures {
  sessions: Partial<Record<DemoAccount, SharedSession>>;
  /** Who each signed-in role is, as the portal's routing sees it. */
  viewers: Partial<Record<Role, { accountType: string; isCustomer: boolean }>>;
  /** The customer's purchase with licences, one of its licences, and one of their conversations. */
  paymentId: number;
  licenseId: number;
  conversationId: number;
  /** The customer's licence with unlimited sites (the Documentation Plugin) and its purchase. */
  unlimitedSites: { paymentId: number; licenseId: number };
  /** The demo customer's user id, whom staff switch into. */
  customerId: number;
  /** A signed download landing of one of the customer's files (`/download?signature=…&name=…`). */
  downloadLanding: string;
}

export async function prepare(browser: Browser, baseURL: string): Promise<Fixtures> {
  const context = await browser.newContext({ baseURL });
  try {
    const sessions: Fixtures['sessions'] = {};
    const viewers: Fixtures['viewers'] = {};
    let customerId = 0;
    for (const role of Object.keys(demoAccounts) as DemoAccount[]) {
      const { token, user } = await signIn(context, role);
      sessions[role] = { token: tokenOrThrow(role, token), signedInAt: Date.now() };
      viewers[role] = { accountType: user.accountType, isCustomer: user.is_customer };
      if (role === 'customer') customerId = user.id;
    }
    const headers = { 'X-WP-Nonce': sessions.customer?.token ?? '' };
    const products = (await (
      await context.request.get('/api/v1/products?per_page=100', { headers })
    ).json()) as { name: string; payment_id: number; license: { license_id: number } }[];
    const tickets = (await (await context.request.get('/api/v1/tickets', { headers })).json()) as {
      conversations: { id: number }[];
    };
    const downloads = (await (await context.request.get('/api/v1/downloads', { headers })).json()) as {
      landing_url: string;
    }[];
    const first = products[0];
    const unlimited = products.find(({ name }) => name === 'Documentation Plugin');
    const conversation = tickets.conversations[0];
    const landing = downloads[0] && new URL(downloads[0].landing_url);
    if (!first || !unlimited || !conversation || !landing)
      throw new Error('the demo customer lacks a purchase, a download or a ticket');
    return {
      sessions,
      viewers,
      paymentId: first.payment_id,
      licenseId: first.license.license_id,
      conversationId: conversation.id,
      unlimitedSites: { paymentId: unlimited.payment_id, licenseId: unlimited.license.license_id },
      customerId,
      downloadLanding: `${landing.pathname}${landing.search}`,
    };
  } finally {
    await context.close();
  }
}

/** A route's address with the demo customer's ids in its params (spec §2 route table). */
function addressOf(route: RouteEntry, fixtures: Fixtures): string {
  const path = fullPath(route)
    .replace(':paymentId', String(fixtures.paymentId))
    .replace(':id', String(route.key === 'conversations' ? fixtures.conversationId : fixtures.paymentId));
  return route.key === 'upgradeLicense' ? `${path}?license_id=${fixtures.licenseId}` : path;
}

/** Whether the portal shows `url` to `role` rather than sending them elsewhere (its own routing rules). */
function rendersFor(role: Role, url: string, fixtures: Fixtures): boolean {
  const { pathname, search } = new URL(url, 'http://portal.test');
  const viewer = role === 'guest' ? undefined : fixtures.viewers[role];
  const resolution = resolveLocation(pathname, search, {
    signedIn: viewer !== undefined,
    twoFactorSetupPending: false,
    viewerKnown: viewer !== undefined,
    accountType: viewer?.accountType ?? null,
    isCustomer: viewer?.isCustomer ?? null,
    origin: 'http://portal.test',
  });
  return resolution.kind === 'render';
}

/**
 * Every page the sweep opens: every portal route as every demo role and as a guest (where the portal
 * shows it to them), the demo pages, the checkout with a cart line, a signed download landing (it
 * fetches its file on load), and `extra` (the success page of a real order).
 */
export function visitsOf(fixtures: Fixtures, extra: Visit[]): Visit[] {
  const roles: Role[] = ['guest', ...(Object.keys(demoAccounts) as DemoAccount[])];
  return [
    ...roles.flatMap((role) =>
      allRoutes
        .map((route) => ({ role, url: addressOf(route, fixtures) }))
        .filter(({ url }) => rendersFor(role, url, fixtures)),
    ),
    ...(['guest', 'customer'] as const).flatMap((role) => [
      { role, url: '/demo/' },
      { role, url: '/demo/themes/' },
      { role, url: '/checkout', cartLine: true },
    ]),
    { role: 'guest', url: fixtures.downloadLanding },
    // The checkout's links ask for the cart they name as the page opens: a direct add, a recovery link.
    ...[
      `download_id=${downloadIds.blocks}&price_id=1`,
      new URLSearchParams({
        contents: JSON.stringify([{ id: downloadIds.blocks, price_id: 1 }]),
        racart: 'fault-sweep-recovery',
      }).toString(),
    ].map((query): Visit => ({ role: 'guest', url: `/checkout?${query}`, page: cartPage })),
    ...extra,
  ];
}

interface SignedIn {
  /** None when a second factor is due (the answer is its challenge). */
  token?: string;
  user: { id: number; accountType: string; is_customer: boolean };
}

/**
 * Signs in with the account's login name, which stays when an action changes the account's e-mail (the
 * action sweep confirms a new address for the company account), while its sessions are renewed.
 */
async function signIn(context: BrowserContext, role: DemoAccount): Promise<SignedIn> {
  const seeded = seededAccounts.find(({ key }) => key === role);
  if (!seeded) throw new Error(`no demo account is seeded as ${role}`);
  const answer = await context.request.post('/api/v1/signin', {
    data: { username: seeded.username, password: demoAccounts[role].password },
  });
  if (!answer.ok()) throw new Error(`${role} could not sign in: ${answer.status()}`);
  return (await answer.json()) as SignedIn;
}

/** A sign-in's token: an account with a second factor is answered with its challenge instead. */
function tokenOrThrow(role: DemoAccount, token: string | undefined): string {
  if (!token) throw new Error(`${role} signed in to a second-factor challenge`);
  return token;
}

/**
 * Every opening starts from the token its role signed in with, while the server replaces a token 15 min
 * after issuing it (SESSION_ROTATE_AFTER_SECONDS) and honours the old one for 60 s more: a sweep outlasts
 * that, and its later openings were signed out. So a shared session is renewed well before.
 */
const renewSharedSessionAfterMs = 5 * 60_000;

async function sharedToken(context: BrowserContext, fixtures: Fixtures, role: DemoAccount): Promise<string> {
  const shared = fixtures.sessions[role];
  if (shared && Date.now() - shared.signedInAt < renewSharedSessionAfterMs) return shared.token;
  // An account an action has given a second factor answers with its challenge, not a token: its session
  // from before goes on (a 2FA change keeps the session that made it).
  const token = tokenOrThrow(role, (await signIn(context, role)).token ?? shared?.token);
  fixtures.sessions[role] = { token, signedInAt: Date.now() };
  return token;
}

/** The token a visit opens with: the role's shared session, or one of its own (Visit.session). */
async function tokenFor(context: BrowserContext, fixtures: Fixtures, visit: Visit): Promise<string | null> {
  if (visit.role === 'guest') return null;
  if (!visit.session) return sharedToken(context, fixtures, visit.role);
  const token = tokenOrThrow(visit.role, (await signIn(context, visit.role)).token);
  if (visit.session === 'fresh') return token;
  const switched = await context.request.post('/api/v1/user-switch', {
    headers: { 'X-WP-Nonce': token },
    data: { user_id: fixtures.customerId },
  });
  if (!switched.ok())
    throw new Error(`${visit.role} could not switch into the customer: ${switched.status()}`);
  return ((await switched.json()) as SignedIn).token ?? null;
}

// ---- Opening a page ------------------------------------------------------------------------------------

export async function open(browser: Browser, baseURL: string, fixtures: Fixtures, visit: Visit) {
  const context = await browser.newContext({ baseURL });
  const token = await tokenFor(context, fixtures, visit);
  const storage: Record<string, string> = { ...visit.storage, ...(token ? { access_token: token } : {}) };
  if (visit.cartLine) {
    const answer = await context.request.post('/api/v1/add-to-cart', {
      data: { download_id: downloadIds.blocks, price_id: 1 },
    });
    storage.vendor_cart_token = ((await answer.json()) as { cart_token: string }).cart_token;
  }
  await context.addInitScript((items) => {
    // Once per tab: a reload keeps what the page itself stored since.
    if (sessionStorage.getItem('fault-sweep')) return;
    sessionStorage.setItem('fault-sweep', '1');
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, storage);
  watchRequests(context);
  return context;
}

/** What a context's pages have asked for: the API calls under way, and when the last request began. */
interface RequestWatch {
  apiUnderWay: Set<Request>;
  lastStartedAt: number;
}
const watches = new WeakMap<BrowserContext, RequestWatch>();

function watchRequests(context: BrowserContext): void {
  const watch: RequestWatch = { apiUnderWay: new Set(), lastStartedAt: Date.now() };
  context.on('request', (request) => {
    watch.lastStartedAt = Date.now();
    if (callKey(request)) watch.apiUnderWay.add(request);
  });
  context.on('requestfinished', (request) => watch.apiUnderWay.delete(request));
  context.on('requestfailed', (request) => watch.apiUnderWay.delete(request));
  watches.set(context, watch);
}

function watchOf(context: BrowserContext): RequestWatch {
  const watch = watches.get(context);
  if (!watch) throw new Error('only a context made by open() has its requests watched');
  return watch;
}

/** Every `vendor-*` element is defined and none is busy: the page has shown what it loaded. */
const settledScript = `(() => {
  let waiting = 0;
  const walk = (root) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.tagName.startsWith('VENDOR-') && !element.matches(':defined')) waiting += 1;
      if (element.getAttribute('aria-busy') === 'true') waiting += 1;
      if (element.shadowRoot) walk(element.shadowRoot);
    }
  };
  walk(document);
  return waiting === 0;
})()`;

/**
 * How long a page must ask for nothing new before it counts as settled: a request a timer has just sent
 * reaches the test a moment after the page sent it.
 */
const quietMs = 250;

/**
 * Waits until the page has shown what it loaded: no API call under way, no request begun for a moment,
 * and every element defined and not busy (at most 20 s). Playwright's 'networkidle' would do, but waits
 * 500 ms each time, which over hundreds of page openings was minutes of a CI run.
 */
export async function settled(page: Page): Promise<void> {
  const watch = watchOf(page.context());
  // Polled with evaluate: waitForFunction evaluates a string predicate with eval, which the pages' CSP
  // (script-src 'self') refuses, so it never waited and left an error in the page.
  const calledAt = Date.now();
  const until = calledAt + 20_000;
  while (Date.now() < until) {
    const quietFor = Date.now() - Math.max(watch.lastStartedAt, calledAt);
    const quiet = watch.apiUnderWay.size === 0 && quietFor >= quietMs;
    if (quiet && (await page.evaluate<boolean>(settledScript).catch(() => true))) return;
    await page.waitForTimeout(50);
  }
}

/** The longest a step (an opening, a click) may take on a page the sweep opens. */
const pageStepTimeoutMs = 30_000;

/** What a visit asks for on load, unfaulted; null when the page sent the visitor elsewhere. */
export async function discover(
  browser: Browser,
  baseURL: string,
  fixtures: Fixtures,
  visit: Visit,
): Promise<Call[] | null> {
  const context = await open(browser, baseURL, fixtures, visit);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(pageStepTimeoutMs);
    const calls = new Map<string, Call>();
    const reads: Promise<void>[] = [];
    page.on('request', (request) => {
      const key = callKey(request);
      if (!key || calls.has(key)) return;
      const call: Call = { key, answersArray: false };
      calls.set(key, call);
      reads.push(noteAnswerShape(request, call));
    });
    await context.clock.install();
    await page.goto(visit.url);
    // The elements load their code, then their data: quiet for a moment means the page asked for all.
    // Then a few seconds of page time, for calls that wait first (the payment confirmation: 3 s).
    await settled(page);
    await page.clock.runFor(5000);
    await settled(page);
    if (new URL(page.url()).pathname !== new URL(visit.url, baseURL).pathname) return null;
    // Then every tab in turn: a list behind a tab is asked for when the tab opens.
    const tabs = await page.getByRole('tab').allInnerTexts();
    for (const name of tabs) {
      const known = new Set(calls.keys());
      const tab = page.getByRole('tab', { name, exact: true }).first();
      if (!(await tab.isVisible()) || (await tab.getAttribute('aria-selected')) === 'true') continue;
      await tab.click();
      await settled(page);
      for (const [key, call] of calls) if (!known.has(key)) call.tab = name;
    }
    await Promise.all(reads);
    return [...calls.values()];
  } finally {
    await context.close();
  }
}

/** Each call once per page: the first visitor whose visit of that page made it. */
export function casesOf(discovered: { visit: Visit; calls: Call[] }[]): Case[] {
  const seen = new Set<string>();
  const cases: Case[] = [];
  for (const { visit, calls } of discovered) {
    // One page per address; the checkout with a cart line is a page of its own.
    const page = visit.page ?? (visit.cartLine ? cartPage : new URL(visit.url, 'http://x').pathname);
    for (const call of calls) {
      const id = `${page} ${call.key}`;
      if (seen.has(id)) continue;
      seen.add(id);
      cases.push({ visit, call });
    }
  }
  return cases;
}

// ---- Reading the page, shadow roots included ------------------------------------------------------------

export interface PageReading {
  /** The texts of the visible role="alert" elements and status regions (toasts announce there). */
  alerts: string[];
  /** How many visible Try again buttons. */
  retries: number;
  /** Visible failure boxes (the LoadFailure primitive). */
  failures: number;
  /** The page's visible text, trimmed. */
  text: string;
  /** `vendor-*` elements that take space yet show no text. */
  blank: string[];
  /** Visible elements still loading (aria-busy), and `vendor-*` elements whose code has not arrived. */
  busy: number;
}

/**
 * Reads the page (a script as text: the test runner's transforms must not touch code that runs in the
 * page).
 */
const readPageScript = `(() => {
  const visible = (element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const textOf = (root) => {
    let out = '';
    const walk = (node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        if (node.parentElement && visible(node.parentElement)) out += (node.textContent || '') + ' ';
        return;
      }
      if (node instanceof Element) {
        if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes(node.tagName)) return;
        if (node.shadowRoot) walk(node.shadowRoot);
      }
      for (const child of node.childNodes) walk(child);
    };
    walk(root);
    return out.replace(/\\s+/g, ' ').trim();
  };
  const all = [];
  const collect = (root) => {
    for (const element of root.querySelectorAll('*')) {
      all.push(element);
      if (element.shadowRoot) collect(element.shadowRoot);
    }
  };
  collect(document);
  const shown = all.filter(visible);
  return {
    alerts: shown.filter((e) => ['alert', 'status'].includes(e.getAttribute('role'))).map(textOf).filter((t) => t !== ''),
    retries: shown.filter((e) => e.tagName === 'BUTTON' && e.textContent.trim() === 'Try again').length,
    failures: shown.filter((e) => (e.getAttribute('part') || '').split(' ').includes('load-failure')).length,
    text: textOf(document.body),
    blank: shown
      .filter((e) => e.tagName.startsWith('VENDOR-') && e.matches(':defined'))
      .filter((e) => e.getBoundingClientRect().height > 0)
      .filter((e) => textOf(e) === '')
      .map((e) => e.tagName.toLowerCase()),
    busy: shown.filter((e) => e.getAttribute('aria-busy') === 'true' || (e.tagName.startsWith('VENDOR-') && !e.matches(':defined'))).length,
  };
})()`;

export const readPage = (page: Page): Promise<PageReading> => page.evaluate(readPageScript);

/**
 * Records the text of every visible alert and status the pages of `context` show, even one gone before the
 * test reads the page: page time also flows with real time, so on a busy machine a toast can close
 * between two reads. Shadow roots are watched as they are attached.
 */
export async function recordAlerts(context: BrowserContext): Promise<void> {
  await context.addInitScript({
    content: `(() => {
      const shown = [];
      window.__sweepAlerts = shown;
      const roots = [];
      const scan = () => {
        for (const root of roots)
          for (const element of root.querySelectorAll('[role="alert"], [role="status"]')) {
            if (!element.checkVisibility()) continue;
            const text = (element.textContent || '').replace(/\\s+/g, ' ').trim();
            if (text && !shown.includes(text)) shown.push(text);
          }
      };
      const watch = (root) => {
        roots.push(root);
        new MutationObserver(scan).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
      };
      const attachShadow = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (init) {
        const root = attachShadow.call(this, init);
        watch(root);
        return root;
      };
      watch(document);
    })();`,
  });
}

/** What `recordAlerts` has seen on the page so far. */
export const recordedAlerts = (page: Page): Promise<string[]> =>
  page.evaluate('window.__sweepAlerts || []') as Promise<string[]>;

// ---- One case ---------------------------------------------------------------------------------------------

const internalServerError = {
  status: 'internal_server_error',
  code: 'internal_server_error',
  message: messages.requestFailures.internalServerError,
  data: null,
};

/** Notes whether a call's real answer is a JSON array: its malformed answer is then the other shape. */
export function noteAnswerShape(request: Request, call: { answersArray: boolean }): Promise<void> {
  return request
    .response()
    .then((response) => response?.json())
    .then((body: unknown) => {
      call.answersArray = Array.isArray(body);
    })
    .catch(() => undefined);
}

/**
 * Answers a faulted request with `fault`. A stall holds it for `stallMs` of real time (20 s; null: no
 * limit), or until one of `stalled` (where it adds its release) is called when the fault is lifted, then
 * lets the server answer.
 */
export async function answerWithFault(
  route: Route,
  fault: Fault,
  answersArray: boolean,
  stalled: (() => void)[],
  stallMs: number | null = 20_000,
): Promise<void> {
  if (fault === '500') return route.fulfill({ status: 500, json: internalServerError });
  if (fault === '503') {
    const error = serviceUnavailable();
    return route.fulfill({ status: 503, json: error.body(), headers: error.headers });
  }
  if (fault === 'dropped') return route.abort();
  if (fault === 'malformed')
    return route.fulfill({ status: 200, json: answersArray ? { unexpected: true } : [] });
  await new Promise<void>((resolve) => {
    const timer = stallMs === null ? undefined : setTimeout(resolve, stallMs);
    stalled.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
  return route.fallback().catch(() => undefined);
}

/**
 * Opens the page with `call` faulted and checks it (page time runs fast: the page's clock is advanced,
 * so a 20 s stall or the confirmation's retries take moments). Returns the problems found, none when
 * the page behaved.
 */
export async function sweep(
  browser: Browser,
  baseURL: string,
  fixtures: Fixtures,
  item: Case,
  fault: Fault,
): Promise<string[]> {
  const problems = await sweepOnce(browser, baseURL, fixtures, item, fault);
  // A case the browser stopped answering is done once more in a fresh context: seen once in CI, both
  // pages at once with every file served and no CPU in use, which then hung the whole sweep 20 min.
  return problems.some((problem) => problem.includes(stoppedAnswering))
    ? sweepOnce(browser, baseURL, fixtures, item, fault)
    : problems;
}

/** Far longer than a case takes (10–30 s; its waits are bounded), so only a hung browser reaches it. */
const caseLimitMs = 4 * 60_000;
const stoppedAnswering = 'the browser stopped answering';

async function sweepOnce(
  browser: Browser,
  baseURL: string,
  fixtures: Fixtures,
  { visit, call }: Case,
  fault: Fault,
): Promise<string[]> {
  const problems: string[] = [];
  const name = `${fault} on ${call.key} at ${visit.url} (${visit.role})`;
  const context: BrowserContext = await open(browser, baseURL, fixtures, visit);
  const stalled: (() => void)[] = [];
  // Closing the context ends whatever the case still waits for.
  let hung = false;
  const guard = setTimeout(() => {
    hung = true;
    void context.close();
  }, caseLimitMs);
  try {
    await context.clock.install();
    const page = await context.newPage();
    // A click on what is not there (a tab of a page that signed its visitor out) waits forever otherwise.
    page.setDefaultTimeout(pageStepTimeoutMs);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    const started = Date.now();
    let forwarded = 0;
    const pageTime = () => Date.now() - started + forwarded;
    let faulting = true;
    // The API requests on their way to the real server. Page time waits for them: on a busy machine a
    // real answer can take longer than the page time a step runs, and the client's own time limit
    // would then fail a call nobody faulted.
    const { apiUnderWay } = watchOf(context);
    const unansweredByServer = () =>
      [...apiUnderWay].filter((request) => !(faulting && callKey(request) === call.key)).length;
    const advance = async (ms: number) => {
      // A short real pause first, so what the last step sent reaches the test and counts as under way.
      await page.waitForTimeout(25);
      const patience = Date.now() + 15_000;
      while (unansweredByServer() > 0 && Date.now() < patience) await page.waitForTimeout(50);
      await page.clock.runFor(ms);
      forwarded += ms;
    };

    const hits: number[] = [];
    let answeredAfterLift = 0;
    // Counted as the answer arrives: a file streamed through Playwright's routing (the download landing's)
    // can end as 'failed' after its whole body was read and saved.
    page.on('response', (response) => {
      if (!faulting && callKey(response.request()) === call.key && response.ok()) answeredAfterLift += 1;
    });
    await page.route(
      (url) => url.pathname.startsWith(apiPrefix),
      async (route: Route) => {
        const request = route.request();
        if (callKey(request) !== call.key) return route.fallback();
        if (faulting) hits.push(pageTime());
        if (!faulting) return route.fallback();
        return answerWithFault(route, fault, call.answersArray, stalled);
      },
    );

    await page.goto(visit.url, { waitUntil: 'domcontentloaded' });
    if (call.tab) await page.getByRole('tab', { name: call.tab, exact: true }).first().click();
    // 10 s of page time in 2 s steps (each fires every timer due in it): a loop, tight or timed, shows
    // in the count; one slow enough to stay within the limit in 10 s is within it.
    while (pageTime() < 10_000) await advance(2000);
    const inTenSeconds = hits.filter((at) => at <= 10_000).length;
    if (inTenSeconds > maxRequestsIn10s)
      problems.push(`${name}: ${inTenSeconds} requests in 10 s (at most ${maxRequestsIn10s})`);

    // A call retried by the spec (the payment confirmation, 5 times) says so only once it gives up; a
    // busy machine may take a while to get there.
    const patience = Date.now() + 30_000;
    let reading = await readPage(page);
    while ((reading.retries === 0 || hits.length === 0 || reading.busy > 0) && Date.now() < patience) {
      await advance(2000);
      reading = await readPage(page);
    }
    if (hits.length === 0) problems.push(`${name}: the page did not make the call`);
    const readable = reading.alerts.filter((text) => readableMessages.has(text));
    if (readable.length === 0)
      problems.push(`${name}: no readable message (alerts: ${JSON.stringify(reading.alerts)})`);
    // A 500 internal_server_error reads as spec §8 says, whatever the call (the retried confirmation
    // excepted: it says its own text once it gives up).
    const serverErrorText = messages.requestFailures.internalServerError;
    if (
      fault === '500' &&
      call.key !== 'POST /api/v1/confirmation' &&
      !reading.alerts.includes(serverErrorText)
    )
      problems.push(`${name}: not '${serverErrorText}' (alerts: ${JSON.stringify(reading.alerts)})`);
    if (reading.retries === 0) problems.push(`${name}: no Try again`);
    if (reading.busy > 0) problems.push(`${name}: still loading (aria-busy) after the failure`);
    if (reading.text === '') problems.push(`${name}: the page is blank`);
    if (reading.blank.length > 0) problems.push(`${name}: blank ${reading.blank.join(', ')}`);

    // The fault lifted: Try again brings the real content.
    faulting = false;
    for (const release of stalled.splice(0)) release();
    const retries = page.getByRole('button', { name: 'Try again', exact: true });
    for (const button of await retries.all()) if (await button.isVisible()) await button.click();
    const lifted = Date.now() + 30_000;
    while (Date.now() < lifted) {
      reading = await readPage(page);
      // Done once the call was answered and every element shows its content.
      if (answeredAfterLift > 0 && reading.failures === 0 && reading.busy === 0 && reading.blank.length === 0)
        break;
      await advance(1000);
    }
    if (answeredAfterLift === 0) problems.push(`${name}: no successful ${call.key} after Try again`);
    if (reading.failures > 0)
      problems.push(`${name}: still failed after Try again (${JSON.stringify(reading.alerts)})`);
    if (reading.blank.length > 0)
      problems.push(`${name}: blank after Try again: ${reading.blank.join(', ')}`);
    for (const message of pageErrors) problems.push(`${name}: uncaught error: ${message}`);
  } catch (error) {
    problems.push(`${name}: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    clearTimeout(guard);
    for (const release of stalled.splice(0)) release();
    await context.close();
  }
  return hung ? [`${name}: ${stoppedAnswering} (${caseLimitMs / 60_000} min)`] : problems;
}

/**
 * Pages a sweep opens side by side. Each page keeps a core of this 2-core machine busy while it loads:
 * with 6, CI's load average reached 17, pages took so long that a sweep ran out of time, and the sweep
 * took no less time than with 2.
 */
export const sweepWidth = 2;

/** A sweep's time limit: generous, since only a page that never answers should end one. */
export const sweepTimeoutMs = 20 * 60_000;

/** Runs `work` over `items`, `width` at a time, in order of start. */
export async function inPool<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}
