import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { allowedOriginsWithDemo, type DemoOrigin, demoOrigins, startDemoOrigin } from './demo-origin';

describe('DEMO_ORIGIN_PORT', () => {
  it('is PORT + 1 in development and allowed there, with both names of the loopback host', () => {
    const config = loadConfig({ PORT: '18321' });
    expect(config.demoOriginPort).toBe(18_322);
    expect(allowedOriginsWithDemo(config)).toEqual(['http://127.0.0.1:18322', 'http://localhost:18322']);
  });

  it('keeps the origins listed in ALLOWED_ORIGINS, once each', () => {
    const config = loadConfig({
      PORT: '18321',
      ALLOWED_ORIGINS: 'https://shop.example.com,http://localhost:18322',
    });
    expect(allowedOriginsWithDemo(config)).toEqual([
      'https://shop.example.com',
      'http://localhost:18322',
      'http://127.0.0.1:18322',
    ]);
  });

  it('is off in test and production unless asked for, and production never allows it by itself', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).demoOriginPort).toBeNull();
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' };
    expect(loadConfig(production).demoOriginPort).toBeNull();
    const asked = loadConfig({
      ...production,
      DEMO_ORIGIN_PORT: '9000',
      ALLOWED_ORIGINS: 'https://shop.example.com',
    });
    expect(asked.demoOriginPort).toBe(9000);
    expect(allowedOriginsWithDemo(asked)).toEqual(['https://shop.example.com']);
  });

  it('is off with 0, or when the main port is picked at random', () => {
    expect(loadConfig({ DEMO_ORIGIN_PORT: '0' }).demoOriginPort).toBeNull();
    expect(loadConfig({ PORT: '0' }).demoOriginPort).toBeNull();
    expect(allowedOriginsWithDemo(loadConfig({ DEMO_ORIGIN_PORT: '0' }))).toEqual([]);
  });

  it('refuses what is not a port', () => {
    expect(() => loadConfig({ DEMO_ORIGIN_PORT: 'next' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO_ORIGIN_PORT: '70000' })).toThrow(/DEMO_ORIGIN_PORT must be between/);
  });
});

describe('demoOrigins', () => {
  it('names what a browser may show for the listener', () => {
    expect(demoOrigins('0.0.0.0', 8081)).toEqual(['http://127.0.0.1:8081', 'http://localhost:8081']);
    expect(demoOrigins('portal.test', 8081)).toEqual([
      'http://127.0.0.1:8081',
      'http://localhost:8081',
      'http://portal.test:8081',
    ]);
  });
});

describe('the cross-origin demo listener', () => {
  let demo: DemoOrigin | null = null;
  afterEach(async () => {
    await demo?.close();
    demo = null;
  });

  it('serves the partner page with every reference pointing at the main server, under its own CSP', async () => {
    demo = await startDemoOrigin({ port: 18_323, host: '127.0.0.1', mainOrigin: 'http://127.0.0.1:18321/' });
    expect(demo.url).toBe('http://127.0.0.1:18323');
    const response = await fetch(`${demo.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' http://127.0.0.1:18321;");
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:18321;");
    const html = await response.text();
    expect(html).toContain('<script type="module" src="http://127.0.0.1:18321/widgets/loader.js"></script>');
    expect(html).toContain('<vendor-licenses api-base="http://127.0.0.1:18321/api/v1"></vendor-licenses>');
    expect(html).toContain('<vendor-sign-in api-base="http://127.0.0.1:18321/api/v1" redirect="/">');
    expect(html).not.toContain('{{');
  });

  it('answers anything else 404', async () => {
    demo = await startDemoOrigin({ port: 18_324, host: '127.0.0.1', mainOrigin: 'http://127.0.0.1:18321' });
    expect((await fetch(`${demo.url}/widgets/loader.js`)).status).toBe(404);
    expect((await fetch(`${demo.url}/`, { method: 'POST' })).status).toBe(404);
  });

  it('fails to start on a port already taken, so main.ts can warn and go on', async () => {
    demo = await startDemoOrigin({ port: 18_325, host: '127.0.0.1', mainOrigin: 'http://127.0.0.1:18321' });
    await expect(
      startDemoOrigin({ port: 18_325, host: '127.0.0.1', mainOrigin: 'http://127.0.0.1:18321' }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
