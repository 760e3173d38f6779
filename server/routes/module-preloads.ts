import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { routeAt } from '../../portal/resolve';
import { checkoutIntentFromQuery } from '../../shared/stores/checkout-query';

/** The part of Vite's build manifest (`dist/widgets/.vite/manifest.json`) read here. */
type Manifest = Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[] }>;

/** The checkout's payment column, which it loads on demand (`import()`) once the cart has a line. */
const paymentColumn = 'widgets/checkout/PaymentForm.tsx';

/**
 * What a portal page runs at once, as element names or the source path of a module loaded on demand: the
 * portal; on a public or sign-in page the element its route shows; on the checkout whose address puts a
 * line in the cart (a buy, renew or recovery link), its payment column too. Without the preloads the
 * browser learns of each file only after the one importing it has arrived and run, a round trip per level
 * (portal entry → its chunks → the loader finds the element → its entry → its chunks → the payment column
 * → its chunks). An account page's element renders only once the profile has arrived, so its modules are
 * not preloaded: fetched with the portal's, they were compiled while the portal started and made that
 * work longer, for no earlier paint (Lighthouse on the dashboard: 90 → 80).
 */
export function pageModules(pathname: string, search: string): string[] {
  const found = routeAt(pathname);
  if (!found || found.route.layout.startsWith('/user')) return ['vendor-portal'];
  const modules = new Set(['vendor-portal', found.route.element]);
  if (found.route.key === 'checkout' && checkoutIntentFromQuery(search)) modules.add(paymentColumn);
  return [...modules];
}

/**
 * Each module's file (an entry by its name, another module by its source path) and every chunk it imports
 * statically, depth first, each once. What those load on demand is left out.
 */
export function staticImportClosure(manifest: Manifest, modules: string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entryNamed = (name: string) =>
    Object.keys(manifest).find((id) => manifest[id]?.isEntry && manifest[id]?.name === name);
  for (const wanted of modules) {
    const key = manifest[wanted] ? wanted : entryNamed(wanted);
    if (key) visit(key);
  }
  return files;
}

/** `<link rel="modulepreload">` tags for a portal address; none without a build manifest (a dev checkout). */
export async function modulePreloadTags(
  widgetsDir: string,
  pathname: string,
  search: string,
): Promise<string> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(widgetsDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return '';
  }
  return staticImportClosure(manifest, pageModules(pathname, search))
    .map((file) => `<link rel="modulepreload" href="/widgets/${file}">`)
    .join('\n    ');
}
