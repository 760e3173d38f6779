import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db';
import { memoryLogger } from './logger';
import type { Mailer } from './mail/mailer';
import { defaultPaths } from './main';
import { createTestApp, type TestApp } from './test-support/app';

let t: TestApp;
const partner = 'https://shop.partner.example';

beforeAll(async () => {
  t = await createTestApp({ allowedOrigins: [partner], publicUrl: 'https://portal.example.com' });
});
afterAll(() => t.close());

const baseHeaders = [
  'X-Content-Type-Options',
  'Referrer-Policy',
  'Content-Security-Policy',
  'X-Frame-Options',
];

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/v1/profile'],
    ['news', '/wp/v2/posts'],
    ['a 404', '/api/v1/no-such-route'],
    ['the portal page', '/'],
    ['the demo page', '/demo/'],
    ['a widget', '/widgets/loader.js'],
    ['an image', '/assets/news/blocks-3.svg'],
    ['the health check', '/healthz'],
  ])('are on %s', async (_name, path) => {
    const response = await t.app.request(path);
    for (const header of baseHeaders) expect(response.headers.get(header), header).toBeTruthy();
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Strict-Transport-Security')).toContain('max-age=');
  });

  it('give HTML pages a CSP without inline scripts and with frame-ancestors', async () => {
    for (const path of ['/', '/demo/', '/user/dashboard']) {
      const response = await t.app.request(path);
      expect(response.status).toBe(200);
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc.trim()).toBe("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain(`connect-src 'self' ${partner}`);
      const html = await response.text();
      // Every script is external: the CSP would block an inline one anyway.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).toContain('<script type="module" src="/widgets/loader.js"></script>');
      expect(html).toContain(path === '/demo/' ? '<vendor-news' : '<vendor-portal');
    }
  });

  it('give non-HTML answers a CSP that allows nothing', async () => {
    const response = await t.app.request('/healthz');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
  });
});

describe('errors', () => {
  it('answers unknown routes with 404 not_found in the error body', async () => {
    for (const path of ['/api/v1/no-such-route', '/no-such-page']) {
      const response = await t.app.request(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        status: 'not_found',
        code: 'not_found',
        message: 'Not found.',
        data: null,
      });
    }
  });

  it('logs an unexpected error and answers 500 internal_server_error without details', async () => {
    const logger = memoryLogger();
    const broken = new Proxy({} as Database, {
      get() {
        throw new Error('database exploded at secret.ts:42');
      },
    });
    const mailer: Mailer = { send: async () => undefined };
    const app = createApp({
      db: broken,
      config: loadConfig({ NODE_ENV: 'test' }),
      logger,
      mailer,
      paths: defaultPaths,
      publicOrigin: () => null,
    });
    const response = await app.request('/wp/v2/posts');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      status: 'internal_server_error',
      code: 'internal_server_error',
      message: 'Something went wrong, please try again later.',
      data: null,
    });
    expect(text).not.toContain('secret.ts');
    expect(
      logger.entries.some((entry) => entry.level === 'error' && entry.message === 'unhandled error'),
    ).toBe(true);
  });
});

describe('CORS', () => {
  it('allows a listed origin with credentials and exposes the nonce and paging headers', async () => {
    const response = await t.app.request('/wp/v2/posts', { headers: { Origin: partner } });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(partner);
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    const exposed = response.headers.get('Access-Control-Expose-Headers') ?? '';
    for (const name of [
      'X-WP-Nonce',
      'X-WP-Total',
      'X-WP-TotalPages',
      'X-2FA-Required',
      'Content-Disposition',
    ]) {
      expect(exposed).toContain(name);
    }
    expect(response.headers.get('Vary')).toContain('Origin');
  });

  it('allows the server’s configured origin, never one derived from the request’s Host', async () => {
    const own = await t.app.request('http://localhost/api/v1/profile', {
      headers: { Origin: 'https://portal.example.com' },
    });
    expect(own.headers.get('Access-Control-Allow-Origin')).toBe('https://portal.example.com');
    // Same-origin pages need no CORS; a Host-derived origin would let a rebound name's page in.
    const fromHost = await t.app.request('http://localhost/api/v1/profile', {
      headers: { Origin: 'http://localhost' },
    });
    expect(fromHost.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('answers a preflight from a listed origin', async () => {
    const response = await t.app.request('/api/v1/signin', {
      method: 'OPTIONS',
      headers: {
        Origin: partner,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-wp-nonce',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(partner);
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe(
      'Content-Type, X-WP-Nonce, X-Cart-Token',
    );
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST');
  });

  it('gives an unknown origin no CORS headers and refuses its preflight', async () => {
    const evil = 'https://evil.example';
    const simple = await t.app.request('/api/v1/profile', { headers: { Origin: evil } });
    expect(simple.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(simple.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    const preflight = await t.app.request('/api/v1/signin', {
      method: 'OPTIONS',
      headers: { Origin: evil, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(await preflight.json()).toMatchObject({ code: 'forbidden' });
  });
});

describe('static files', () => {
  it('caches hashed chunks for a year and entry files briefly, and lets any site load them', async () => {
    const chunk = await t.app.request('/widgets/chunks/runtime-Ab3dE9_x.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('Content-Type')).toContain('javascript');
    for (const entry of ['/widgets/loader.js', '/widgets/vendor.js']) {
      const response = await t.app.request(entry);
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');
    }
  });

  it('refuses paths outside the widget directory', async () => {
    expect((await t.app.request('/widgets/../package.json')).status).toBe(404);
    expect((await t.app.request('/widgets/%2e%2e/package.json')).status).toBe(404);
  });

  it('redirects /demo to /demo/ and answers the health check', async () => {
    const demo = await t.app.request('/demo');
    expect(demo.status).toBe(301);
    expect(demo.headers.get('Location')).toBe('/demo/');
    const health = await t.app.request('/healthz');
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});
