import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import { misdirectedMessage } from './http/host-allow-list';
import { hostNameOf, serverHostNames } from './http/host-names';
import type { Logger } from './logger';
import type { RunningServer } from './main';

/**
 * The cross-origin demo (issue #15): a second, deliberately tiny web server that stands for a customer's
 * own site on another origin. Its one page loads the loader and the elements from the main server by
 * absolute URL and calls the API there, which answers it only because its origin is allowed (CORS).
 * It knows nothing of the app: it serves a page, as any CMS would.
 */
export const demoOriginPage = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../demo/cross-origin/index.html',
);

/** The placeholder in the page that stands for the main server's origin, e.g. http://127.0.0.1:8080. */
const mainOriginPlaceholder = /\{\{MAIN_ORIGIN\}\}/g;

export interface DemoOrigin {
  /** e.g. http://127.0.0.1:8081 */
  url: string;
  close(): Promise<void>;
}

/** The origins a browser may show for a listener on `host:port`, to allow in ALLOWED_ORIGINS. */
export function demoOrigins(host: string, port: number): string[] {
  const names = new Set(['127.0.0.1', 'localhost']);
  if (host !== '0.0.0.0' && host !== '::') names.add(host.includes(':') ? `[${host}]` : host);
  return [...names].map((name) => `http://${name}:${port}`);
}

/**
 * The page's own CSP, the one a careful host site would send: scripts and API calls only from itself
 * and the embedding server, inline styles for the page's layout, images the elements show.
 */
function pagePolicy(mainOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${mainOrigin}`,
    `connect-src 'self' ${mainOrigin}`,
    `img-src 'self' data: ${mainOrigin} https://www.gravatar.com`,
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export async function startDemoOrigin(options: {
  port: number;
  host: string;
  /** The main server's origin, as the browser reaches it. */
  mainOrigin: string;
  pageFile?: string;
  /** The Host names it answers to (421 otherwise); default: the loopback names and `host`. */
  hostNames?: ReadonlySet<string>;
}): Promise<DemoOrigin> {
  const hostNames =
    options.hostNames ?? serverHostNames({ host: options.host, publicUrl: null, allowedHosts: [] });
  const mainOrigin = new URL(options.mainOrigin).origin;
  const html = (await readFile(options.pageFile ?? demoOriginPage, 'utf8')).replace(
    mainOriginPlaceholder,
    mainOrigin,
  );
  const server = createServer((request, response) => {
    // A development server too: a DNS-rebound name gets nothing (as the main server's host allow-list).
    const name = hostNameOf(request.headers.host ?? '');
    if (name === null || !hostNames.has(name)) {
      response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(misdirectedMessage);
      return;
    }
    const path = new URL(request.url ?? '/', 'http://demo.invalid').pathname;
    if ((request.method === 'GET' || request.method === 'HEAD') && path === '/') {
      response.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': pagePolicy(mainOrigin),
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
      });
      response.end(request.method === 'HEAD' ? undefined : html);
      return;
    }
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Not found. The cross-origin demo is at /.');
  });
  await new Promise<void>((resolveListening, rejectListening) => {
    server.once('error', rejectListening);
    server.listen(options.port, options.host, () => resolveListening());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  return {
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/**
 * The allowed origins with the demo origin's, outside production: a developer's demo works with no
 * setting, while production allows exactly what ALLOWED_ORIGINS lists.
 */
export function allowedOriginsWithDemo(config: Config): string[] {
  if (config.demoOriginPort === null || config.nodeEnv === 'production') return config.allowedOrigins;
  return [...new Set([...config.allowedOrigins, ...demoOrigins(config.host, config.demoOriginPort)])];
}

/**
 * Opens the demo origin when DEMO_ORIGIN_PORT asks for one and says where it is. A port already taken
 * is a warning: the demo is a convenience, never a reason for the server not to start.
 */
export async function openDemoOrigin(running: RunningServer, logger: Logger): Promise<DemoOrigin | null> {
  const { demoOriginPort, host, publicUrl } = running.config;
  if (demoOriginPort === null) return null;
  try {
    const demo = await startDemoOrigin({
      port: demoOriginPort,
      host,
      mainOrigin: publicUrl ?? running.url,
      hostNames: serverHostNames(running.config),
    });
    process.stdout.write(`  cross-origin demo (another origin embedding the elements) ${demo.url}/\n\n`);
    return demo;
  } catch (error) {
    logger.warn('the cross-origin demo could not listen', { port: demoOriginPort, error });
    return null;
  }
}
