import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { firstPaintText, pageTitle } from '../../portal/page-title';
import { portalPatterns } from '../../shared/portal/paths';
import type { AppEnv, StaticPaths } from '../http/app-env';
import { docsSiteRoutes } from './docs-site';
import { modulePreloadTags } from './module-preloads';

/**
 * The build (vite.config.ts) names shared chunks `chunks/<name>-<hash>.js` and keeps entry names stable
 * (`loader.js`, `vendor.js`, `vendor-news.js`), because pages reference those. A hashed file never
 * changes, so it is cached for a year; anything else is revalidated after five minutes.
 */
const hashedName = /-[A-Za-z0-9_-]{8}\.(?:js|css|map)(?:\.map)?$/;
function isHashed(path: string): boolean {
  return basename(dirname(path)) === 'chunks' && hashedName.test(basename(path));
}

export function widgetCacheControl(path: string): string {
  return isHashed(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
}

/**
 * Paths answered with the portal page: the site root, the auth and account areas, and the public pages
 * of the spec §2 route table (the portal tells an unknown path under /auth or /user itself).
 */
const portalPaths = [
  '/',
  '/auth/*',
  '/user/*',
  ...Object.values(portalPatterns).filter((path) => !/^\/(?:auth|user)\//.test(path)),
];

async function sendPage(c: Context<AppEnv>, file: string): Promise<Response> {
  c.header('Cache-Control', 'no-cache');
  return c.html(await readFile(file, 'utf8'));
}

/** The page's own preload of the portal entry, which works without a build manifest. */
const portalEntryPreload = '<link rel="modulepreload" href="/widgets/vendor-portal.js">';

/**
 * The portal page titled for its path, its first paint worded for it, before any script runs, and every
 * module its first view runs preloaded.
 */
async function sendPortalPage(c: Context<AppEnv>, paths: StaticPaths): Promise<Response> {
  c.header('Cache-Control', 'no-cache');
  const preloads = await modulePreloadTags(paths.widgetsDir, c.req.path, new URL(c.req.url).search);
  const html = (await readFile(paths.portalHtml, 'utf8'))
    .replace(/<title>[^<]*<\/title>/, `<title>${pageTitle(c.req.path)}</title>`)
    .replace(/(<p class="portal-loading">)[^<]*(<\/p>)/, `$1${firstPaintText(c.req.path)}$2`)
    .replace(portalEntryPreload, () => preloads || portalEntryPreload);
  return c.html(html);
}

/**
 * The widget bundle, the server's own images, the portal page and the demo CMS page. Widgets and images
 * are meant to be loaded by other sites' pages (module scripts are fetched in CORS mode), so they are
 * public to every origin: they carry no user data.
 */
export function staticRoutes(paths: StaticPaths): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  /** Caching and cross-origin headers go on files found, never on a 404 that falls through. */
  const serveFrom = (
    prefix: string,
    root: string,
    cacheControl: (path: string) => string,
  ): MiddlewareHandler => {
    const serve = serveStatic({ root, rewriteRequestPath: (path) => path.slice(prefix.length) });
    return async (c, next) => {
      // serveStatic falls through to `next` itself when the file is missing; here the miss goes on to
      // the rest of the app (a 404 with the error body) only after this middleware has let go of it.
      let missing = false;
      const found = await serve(c, async () => {
        missing = true;
      });
      if (missing || !(found instanceof Response)) return next();
      if (found.status === 200 || found.status === 206) {
        found.headers.set('Cache-Control', cacheControl(c.req.path));
        found.headers.set('Access-Control-Allow-Origin', '*');
        found.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
      }
      return found;
    };
  };

  // gzip for scripts, styles and SVG (the shared runtime is 55 KB raw, 19 KB gzip); images already
  // compressed and files under 1 KB are left as they are.
  app.use('/widgets/*', compress());
  app.use('/assets/*', compress());
  app.use('/widgets/*', serveFrom('/widgets', paths.widgetsDir, widgetCacheControl));
  app.use(
    '/assets/*',
    serveFrom('/assets', paths.assetsDir, () => 'public, max-age=86400'),
  );

  app.route('/', docsSiteRoutes(paths.docsDir));
  for (const path of portalPaths) app.get(path, (c) => sendPortalPage(c, paths));
  app.get('/demo', (c) => c.redirect('/demo/', 301));
  app.get('/demo/', (c) => sendPage(c, paths.demoHtml));
  // The demo pages' scripts and styles (their CSP allows no inline script), next to the demo page.
  const demoDir = dirname(paths.demoHtml);
  app.get('/demo/themes', (c) => c.redirect('/demo/themes/', 301));
  app.get('/demo/themes/', (c) => sendPage(c, join(demoDir, 'themes/index.html')));
  app.use('/demo/*', compress());
  app.get(
    '/demo/:file{[a-z-]+\\.(?:js|css)}',
    serveFrom('/demo', demoDir, () => 'no-cache'),
  );

  return app;
}
