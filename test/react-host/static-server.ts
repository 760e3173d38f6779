import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * Serves a built app's directory, as any static host would: files by path, index.html for the rest.
 * Paths that climb out of the directory are refused.
 */
export function serveDirectory(directory: string, port: number): Promise<Server> {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname));
    if (path.split(/[\\/]/).includes('..')) {
      response.writeHead(400).end();
      return;
    }
    const file = join(directory, path === '/' ? 'index.html' : path);
    const body = await readFile(file).catch(() => readFile(join(directory, 'index.html')));
    const type = types[extname(file)] ?? types['.html'];
    response.writeHead(200, { 'Content-Type': type ?? 'text/html' }).end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
