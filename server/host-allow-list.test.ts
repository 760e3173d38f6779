import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { startDemoOrigin } from './demo-origin';
import { createTestApp, type TestApp } from './test-support/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com', allowedHosts: ['intranet.example'] });
});
afterAll(() => t.close());

/** A request as @hono/node-server hands it over: the URL built from the Host header. */
const asHost = (host: string, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  t.app.request(`http://${host}${path}`, { method, headers: { Host: host, ...headers } });

describe('Host allow-list', () => {
  it.each(['/dev/outbox', '/dev/outbox.json', '/api/v1/products', '/api/v1/cart', '/', '/widgets/loader.js'])(
    'answers 421 Misdirected Request to Host: evil.example on %s',
    async (path) => {
      const response = await asHost('evil.example', path);
      expect(response.status).toBe(421);
      expect(await response.json()).toEqual({
        status: 'misdirected_request',
        code: 'misdirected_request',
        message: 'This server does not answer to that host name.',
        data: null,
      });
    },
  );

  it('refuses a forged Host whatever the port, a rebinding name of 127.0.0.1 and what is not a host', async () => {
    for (const host of [
      'evil.example:8080',
      '127.0.0.1.nip.io',
      'localhost.evil.example',
      'evil@localhost',
    ]) {
      expect((await t.app.request('/dev/outbox', { headers: { Host: host } })).status, host).toBe(421);
    }
  });

  it("answers its own names: loopback ones, PUBLIC_URL's host and ALLOWED_HOSTS", async () => {
    for (const host of [
      'localhost',
      'localhost:8080',
      '127.0.0.1:18500',
      '[::1]:8080',
      'portal.example.com',
      'PORTAL.example.com:443',
      'intranet.example',
    ]) {
      expect((await asHost(host, '/dev/outbox.json')).status, host).toBe(200);
    }
  });

  it('leaves /healthz open to load balancers that probe by address', async () => {
    expect((await asHost('10.1.2.3:8080', '/healthz')).status).toBe(200);
  });

  it('gives an Origin equal to a forged Host no CORS allowance', async () => {
    const forged = await asHost('evil.example', '/api/v1/cart', { Origin: 'http://evil.example' });
    expect(forged.status).toBe(421);
    expect(forged.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const preflight = await asHost(
      'evil.example',
      '/api/v1/signin',
      { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
      'OPTIONS',
    );
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it("never derives an allowed origin from the request's Host, even an allowed one", async () => {
    for (const [host, origin] of [
      ['intranet.example', 'http://intranet.example'],
      ['localhost:8080', 'http://localhost:8080'],
    ] as const) {
      const answer = await asHost(host, '/api/v1/cart', { Origin: origin });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Access-Control-Allow-Origin')).toBeNull();
      const preflight = await asHost(
        host,
        '/api/v1/signin',
        { Origin: origin, 'Access-Control-Request-Method': 'POST' },
        'OPTIONS',
      );
      expect(preflight.status).toBe(403);
    }
    // The configured origin still is.
    const own = await asHost('portal.example.com', '/api/v1/cart', { Origin: 'https://portal.example.com' });
    expect(own.headers.get('Access-Control-Allow-Origin')).toBe('https://portal.example.com');
  });
});

describe('ALLOWED_HOSTS', () => {
  it('reads host names, lower-cased', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'Portal.Internal, 10.0.0.5,[fd00::1]' }).allowedHosts).toEqual([
      'portal.internal',
      '10.0.0.5',
      '[fd00::1]',
    ]);
    expect(loadConfig({}).allowedHosts).toEqual([]);
  });

  it.each(['*', 'https://portal.internal', 'portal.internal:8080', '*.example.com'])(
    'refuses %s',
    (value) => {
      expect(() => loadConfig({ ALLOWED_HOSTS: value })).toThrow(ConfigError);
    },
  );
});

describe('the cross-origin demo listener', () => {
  const get = (port: number, host: string) =>
    new Promise<number>((resolve, reject) => {
      const call = httpRequest({ host: '127.0.0.1', port, path: '/', headers: { Host: host } }, (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      });
      call.on('error', reject);
      call.end();
    });

  it('answers its own names only: 421 to a rebound one', async () => {
    const demo = await startDemoOrigin({
      port: 18_326,
      host: '127.0.0.1',
      mainOrigin: 'http://127.0.0.1:18321',
    });
    try {
      expect(await get(18_326, 'evil.example:18326')).toBe(421);
      expect(await get(18_326, 'localhost:18326')).toBe(200);
      expect(await get(18_326, '127.0.0.1:18326')).toBe(200);
    } finally {
      await demo.close();
    }
  });
});
