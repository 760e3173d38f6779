import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { routeAt } from '../../portal/resolve';

/** The part of Vite's build manifest (`dist/widgets/.vite/manifest.json`) read here. */
type Manifest = Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[] }>;

/**
 * The entries a portal page runs at once: the portal, and on a public or sign-in page the element its
 * route shows. Without the preloads the browser learns of each file only after the one importing it has
 * arrived and run, a round trip per level (portal entry → its chunks → the loader finds the element →
 * its entry → its chunks). An account page's element renders only once the profile has arrived, so its
 * modules are not preloaded: fetched with the portal's, they were compiled while the portal started and
 * made that work longer, for no earlier paint (Lighthouse on the dashboard: 90 → 80).
 */
export function pageEntries(pathname: string): string[] {
  const found = routeAt(pathname);
  if (!found || found.route.layout.startsWith('/user')) return ['vendor-portal'];
  return [...new Set(['vendor-portal', found.route.element])];
}

/** Each entry's file and every chunk it imports statically, depth first, each once. Lazy views are left out. */
export function staticImportClosure(manifest: Manifest, entryNames: string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const name of entryNames) {
    const key = Object.keys(manifest).find((id) => manifest[id]?.isEntry && manifest[id]?.name === name);
    if (key) visit(key);
  }
  return files;
}

/** `<link rel="modulepreload">` tags for a portal path; none without a build manifest (a dev checkout). */
export async function modulePreloadTags(widgetsDir: string, pathname: string): Promise<string> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(widgetsDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return '';
  }
  return staticImportClosure(manifest, pageEntries(pathname))
    .map((file) => `<link rel="modulepreload" href="/widgets/${file}">`)
    .join('\n    ');
}
