import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db';
import { securityHeaders } from '../../server/http/security-headers';
import { memoryLogger } from '../../server/logger';
import { defaultPaths } from '../../server/main';
import { createTestApp, jsonHeaders, signIn, type TestApp } from '../../server/test-support/app';
import { downloadIds } from '../../shared/catalogue';
import { recordFigures } from './support/figures';

/*
 * Issue #16, headers: every kind of answer the server gives (API JSON, each error status, files, HTML
 * pages, widget scripts, images) carries the security headers with the value its kind needs. The
 * expected values are written out here, not imported from the middleware, so a change there shows.
 */

const origin = 'https://portal.example.com';
let t: TestApp;
let customer: string;

/** The values every answer carries, whatever it is. */
const everywhere = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  'cross-origin-opener-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

/** An HTML page: its own scripts only (no inline, no eval), nothing framed by other sites. */
const pageDirectives = {
  'default-src': "'self'",
  'script-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'self'",
};
/** Anything else: if a browser is ever made to render it as a document, it may do nothing. */
const resourcePolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

type Kind = 'page' | 'resource';
interface Case {
  name: string;
  kind: Kind;
  status: number;
  /** Cache-Control as it must be: personal answers are never stored. */
  cacheControl: string | RegExp;
  /** Who may embed it: widgets and images are loaded by other sites' pages. */
  corp: 'same-origin' | 'cross-origin';
  /** A stricter policy the route sets for its content, kept as it is. */
  csp?: string;
  send: () => Response | Promise<Response>;
}

const noStore = /^(private, )?no-store$/;
const asPage = { headers: { Accept: 'text/html' } };
const withToken = (token: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...jsonHeaders, 'X-WP-Nonce': token, ...(init.headers as Record<string, string>) },
});
const postJson = (path: string, body: unknown, token?: string) =>
  t.app.request(path, {
    method: 'POST',
    headers: token ? { ...jsonHeaders, 'X-WP-Nonce': token } : jsonHeaders,
    body: JSON.stringify(body),
  });

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name ?? '', sources.join(' ')]),
  );
}

/** A 1×1 PNG: the attachment upload recognises files by their content. */
const png = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
  8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);

/** A ticket with one attachment; answers the attachment's path. */
async function uploadedAttachmentPath(): Promise<string> {
  const form = new FormData();
  form.append('subject', 'Header proof');
  form.append('message', 'A screenshot');
  form.append('screenshots[]', new File([png], 'shot.png', { type: 'image/png' }));
  const created = await t.app.request('/api/v1/tickets', {
    method: 'POST',
    headers: { 'X-WP-Nonce': customer },
    body: form,
  });
  expect(created.status).toBe(201);
  const { conversation } = (await created.json()) as { conversation: { id: number } };
  const thread = await t.app.request(
    `/api/v1/tickets?conversation_id=${conversation.id}`,
    withToken(customer),
  );
  const { threads } = (await thread.json()) as { threads: { attachments: { web: string }[] }[] };
  return new URL(threads[0]?.attachments[0]?.web ?? '').pathname;
}

/** A sandbox checkout of a guest: answers the sandbox payment page's path (it shows the buyer's e-mail). */
async function sandboxPayPath(): Promise<string> {
  const added = await postJson('/api/v1/add-to-cart', { download_id: downloadIds.blocks, price_id: 1 });
  const { cart_token: cartToken } = (await added.json()) as { cart_token: string };
  const purchase = await t.app.request('/api/v1/purchase', {
    method: 'POST',
    headers: { ...jsonHeaders, 'X-Cart-Token': cartToken },
    body: JSON.stringify({
      edd_first: 'Ada',
      edd_last: 'Lovelace',
      edd_email: 'header.proof@example.com',
      edd_acquisition_method: 'google',
      edd_agree_to_terms: 1,
      edd_agree_to_privacy_policy: 1,
      edd_gateway: 'stripe',
      'edd-gateway': 'stripe',
      card_name: 'Ada Lovelace',
      card_address: '1 Analytical Way',
      card_city: 'London',
      card_zip: 'N1 9GU',
      billing_country: 'GB',
      card_state: 'LND',
      need_new_user: true,
      need_user_login: true,
    }),
  });
  expect(purchase.status).toBe(200);
  return new URL(((await purchase.json()) as { url: string }).url).pathname;
}

/** An app whose database throws on every use: the unhandled-error path (500) and the health check (503). */
function appWithBrokenDatabase() {
  const broken = new Proxy({} as Database, {
    get() {
      throw new Error('database unavailable');
    },
  });
  return createApp({
    db: broken,
    config: t.config,
    logger: memoryLogger(),
    mailer: { send: async () => undefined },
    paths: defaultPaths,
    publicOrigin: () => origin,
  });
}

let cases: Case[] = [];

beforeAll(async () => {
  t = await createTestApp({
    publicUrl: origin,
    signInRateLimit: { perAccount: 2 },
    devOutbox: true,
  });
  customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
  const attachment = await uploadedAttachmentPath();
  const sandboxPay = await sandboxPayPath();
  const history = (await (await t.app.request('/api/v1/history', withToken(customer))).json()) as {
    ID: number;
    invoice_available: boolean;
  }[];
  const invoiceable = history.find((purchase) => purchase.invoice_available);
  const downloads = (await (await t.app.request('/api/v1/downloads', withToken(customer))).json()) as {
    download_name: string;
    download_id: number;
    price_id: number;
    payment_id: number;
    download_key: string;
    token: string;
  }[];
  const [download] = downloads;
  const broken = appWithBrokenDatabase();

  const resource = { kind: 'resource' as const, corp: 'same-origin' as const };
  const page = { kind: 'page' as const, corp: 'same-origin' as const };
  cases = [
    // API answers with personal data.
    {
      ...resource,
      name: 'API JSON (profile)',
      status: 200,
      cacheControl: noStore,
      send: () => t.app.request('/api/v1/profile', withToken(customer)),
    },
    {
      ...resource,
      name: 'API JSON (cart, guest)',
      status: 200,
      cacheControl: noStore,
      send: () => t.app.request('/api/v1/cart'),
    },
    {
      ...resource,
      name: 'public news JSON',
      status: 200,
      cacheControl: 'public, max-age=60',
      send: () => t.app.request('/wp/v2/posts'),
    },
    // Errors.
    {
      ...resource,
      name: '400 validation_error',
      status: 400,
      cacheControl: noStore,
      send: () => postJson('/api/v1/signin', { username: 1 }),
    },
    {
      ...resource,
      name: '401 without a token',
      status: 401,
      cacheControl: noStore,
      send: () => t.app.request('/api/v1/profile'),
    },
    {
      ...resource,
      name: '403 for a customer on staff routes',
      status: 403,
      cacheControl: noStore,
      send: () => t.app.request('/api/v1/users', withToken(customer)),
    },
    {
      ...resource,
      name: '404 unknown API route',
      status: 404,
      cacheControl: noStore,
      send: () => t.app.request('/api/v1/no-such-route'),
    },
    {
      ...resource,
      name: '404 unknown news page',
      status: 404,
      cacheControl: noStore,
      send: () => t.app.request('/news/no-such-post', asPage),
    },
    {
      ...resource,
      name: '413 body too large',
      status: 413,
      cacheControl: noStore,
      send: () => postJson('/api/v1/signin', { username: 'x'.repeat(t.config.bodyLimitBytes + 1) }),
    },
    {
      ...resource,
      name: '429 sign-in limit',
      status: 429,
      cacheControl: noStore,
      send: async () => {
        for (let attempt = 0; attempt < 2; attempt += 1)
          await postJson('/api/v1/signin', { username: 'affiliate@example.com', password: 'wrong-password' });
        return postJson('/api/v1/signin', { username: 'affiliate@example.com', password: 'wrong-password' });
      },
    },
    {
      ...resource,
      name: '500 unhandled error',
      status: 500,
      cacheControl: noStore,
      send: () => broken.request('/wp/v2/posts'),
    },
    {
      ...resource,
      name: '503 health check, database down',
      status: 503,
      cacheControl: noStore,
      send: () => broken.request('/healthz'),
    },
    // Files.
    {
      ...resource,
      name: 'invoice PDF',
      status: 200,
      cacheControl: noStore,
      send: () =>
        postJson(
          '/api/v1/invoice',
          {
            payment_id: invoiceable?.ID,
            name: 'Casey Customer',
            email: 'casey@example.com',
            line1: '1 Main St',
            country: 'US',
            state: 'CA',
            city: 'San Francisco',
            zip: '94105',
          },
          customer,
        ),
    },
    {
      ...resource,
      name: 'ticket attachment',
      status: 200,
      cacheControl: noStore,
      csp: "default-src 'none'; sandbox",
      send: () => t.app.request(attachment, withToken(customer)),
    },
    {
      ...resource,
      name: 'PRO download',
      status: 200,
      cacheControl: noStore,
      send: () =>
        postJson(
          '/api/v1/downloads',
          download && {
            download_name: download.download_name,
            download_id: download.download_id,
            price_id: download.price_id,
            payment_id: download.payment_id,
            download_key: download.download_key,
            token: download.token,
          },
          customer,
        ),
    },
    {
      ...resource,
      name: 'CSV export',
      status: 200,
      cacheControl: noStore,
      send: async () =>
        postJson('/api/v1/export-data', {}, await signIn(t.app, 'company@example.com', 'Company#2026')),
    },
    // HTML pages.
    {
      ...page,
      name: 'portal page',
      status: 200,
      cacheControl: 'no-cache',
      send: () => t.app.request('/user/dashboard', asPage),
    },
    {
      ...page,
      name: 'demo page',
      status: 200,
      cacheControl: 'no-cache',
      send: () => t.app.request('/demo/', asPage),
    },
    {
      ...page,
      name: 'sandbox payment page (buyer e-mail)',
      status: 200,
      cacheControl: noStore,
      send: () => t.app.request(sandboxPay, asPage),
    },
    {
      ...page,
      name: 'development outbox',
      status: 200,
      cacheControl: noStore,
      send: () => t.app.request('/dev/outbox', asPage),
    },
    // Widget scripts and images: loaded by other sites' pages.
    {
      ...resource,
      corp: 'cross-origin',
      name: 'widget loader',
      status: 200,
      cacheControl: 'public, max-age=300',
      send: () => t.app.request('/widgets/loader.js'),
    },
    {
      ...resource,
      corp: 'cross-origin',
      name: 'hashed widget chunk',
      status: 200,
      cacheControl: 'public, max-age=31536000, immutable',
      send: () => t.app.request('/widgets/chunks/runtime-Ab3dE9_x.js'),
    },
    {
      ...resource,
      corp: 'cross-origin',
      name: 'image (SVG)',
      status: 200,
      cacheControl: 'public, max-age=86400',
      send: () => t.app.request('/assets/news/blocks-3.svg'),
    },
  ];
});
afterAll(() => t?.close());

describe('security headers on every kind of answer', () => {
  it('carry the common headers, the CSP, caching and resource policy of their kind', async () => {
    const problems: string[] = [];
    for (const item of cases) {
      const response = await item.send();
      const header = (name: string) => response.headers.get(name) ?? '';
      const fail = (what: string) => problems.push(`${item.name}: ${what}`);
      if (response.status !== item.status) fail(`status ${response.status}, expected ${item.status}`);
      for (const [name, value] of Object.entries(everywhere))
        if (header(name) !== value) fail(`${name} "${header(name)}"`);
      const policy = header('content-security-policy');
      if (item.csp !== undefined) {
        if (policy !== item.csp) fail(`its own CSP replaced: "${policy}"`);
      } else if (item.kind === 'resource') {
        if (policy !== resourcePolicy) fail(`resource CSP "${policy}"`);
      } else {
        const found = directives(policy);
        for (const [name, value] of Object.entries(pageDirectives))
          if (found.get(name) !== value) fail(`page CSP ${name} "${found.get(name) ?? ''}"`);
        if (!/^text\/html/.test(header('content-type'))) fail('not HTML');
      }
      const cache = header('cache-control');
      const cacheOk =
        typeof item.cacheControl === 'string' ? cache === item.cacheControl : item.cacheControl.test(cache);
      if (!cacheOk) fail(`cache-control "${cache}"`);
      if (header('cross-origin-resource-policy') !== item.corp)
        fail(`cross-origin-resource-policy "${header('cross-origin-resource-policy')}"`);
      await response.arrayBuffer();
    }
    recordFigures('headers', {
      response_kinds_checked: cases.length,
      pages: cases.filter((item) => item.kind === 'page').length,
      error_statuses: new Set(cases.map((item) => item.status).filter((status) => status >= 400)).size,
      header_problems: problems.length,
    });
    expect(problems).toEqual([]);
  });

  it('send HSTS only when the public address is https', async () => {
    const plain = new Hono();
    plain.use('*', securityHeaders({ connectOrigins: [], hsts: false }));
    plain.get('/', (c) => c.json({ ok: true }));
    const response = await plain.request('/');
    expect(response.headers.get('Strict-Transport-Security')).toBeNull();
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
