import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from '../http/app-env';

/** Storybook names its bundles `assets/<name>-<hash>.js`: a hashed file never changes. */
const hashedAsset = /^\/docs\/assets\/.+-[A-Za-z0-9_-]{8}\.(?:js|css|woff2|svg|png)$/;

export function docsCacheControl(path: string): string {
  return hashedAsset.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>${body}</main></body>
</html>
`;
}

/** Where the site is on disk is the server's business: the page names the command, not the path. */
export const notBuiltPage = page(
  'The documentation site is not built',
  '<p>Run <code>npm run build-storybook</code>, then reload this page.</p>',
);

const missingPage = page(
  'No such page in the documentation',
  '<p><a href="/docs/">Documentation home</a></p>',
);

/**
 * The static Storybook site at `/docs/` (element reference, every story, the paste-this snippets).
 *
 * Content-Security-Policy: none of its own. The build step `.storybook/externalize-inline-scripts.ts`
 * moves Storybook's few inline scripts into files, so the site runs under the page policy every HTML
 * page gets (server/http/security-headers.ts: scripts from 'self' only, inline styles, same-origin
 * frames — the manager shows stories in a same-origin iframe). No 'unsafe-inline' or 'unsafe-eval' for
 * scripts, and no script hashes that would change with every Storybook release.
 */
export function docsSiteRoutes(docsDir: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const serve = serveStatic({ root: docsDir, rewriteRequestPath: (path) => path.slice('/docs'.length) });

  app.get('/docs', (c) => c.redirect('/docs/', 301));
  // Storybook's preview bundle is over 1 MB; gzip takes it to about a quarter.
  app.use('/docs/*', compress());
  app.get('/docs/*', async (c) => {
    // Checked on each request: the site can be built while the server runs.
    if (!existsSync(join(docsDir, 'index.html'))) {
      c.header('Cache-Control', 'no-store');
      return c.html(notBuiltPage, 404);
    }
    let missing = false;
    const found = await serve(c, async () => {
      missing = true;
    });
    // A miss is a 404 here, not the portal's redirect to the sign-in page that other unknown pages get.
    if (missing || !(found instanceof Response)) return c.html(missingPage, 404);
    if (found.status === 200 || found.status === 206) {
      found.headers.set('Cache-Control', docsCacheControl(c.req.path));
    }
    return found;
  });
  return app;
}
