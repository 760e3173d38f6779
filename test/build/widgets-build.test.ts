// @vitest-environment node
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Manifest } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageModules, staticImportClosure } from '../../server/routes/module-preloads';

const outDir = mkdtempSync(join(tmpdir(), 'widgets-build-'));
let manifest: Manifest;

beforeAll(async () => {
  await build({
    configFile: resolve(import.meta.dirname, '../../vite.config.ts'),
    logLevel: 'silent',
    build: { outDir },
  });
  manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
}, 120_000);

describe('the embed build (vite.config.ts)', () => {
  it('has no cycle of static imports between its files', () => {
    // A chunk importing a file that imports it back runs before that file's code: its imports read
    // `undefined` (seen once: an element's chunk read its messages from its own entry file).
    const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]) => {
      if (done.has(file)) return;
      if (path.includes(file)) {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' → '));
        return;
      }
      for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key]?.file ?? '', [...path, file]);
      done.add(file);
    };
    for (const file of byFile.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('gives every element an entry file named after it', () => {
    const entries = Object.values(manifest)
      .filter((chunk) => chunk.isEntry)
      .map((chunk) => chunk.file);
    expect(entries).toEqual(expect.arrayContaining(['loader.js', 'vendor.js', 'vendor-licenses.js']));
  });

  it('puts each element’s own code in its entry file, which vendor.js imports', () => {
    // With lib mode's strict entry signatures, an element's define module (imported by its entry and by
    // vendor.js) went to a shared chunk behind a one-line entry: a file more on every page.
    const files = Object.values(manifest).map((chunk) => chunk.file);
    expect(files.filter((file) => file.startsWith('chunks/define-'))).toEqual([]);
    expect(manifest['widgets/news/define.ts']?.file).toBe('vendor-news.js');
    expect(manifest['widgets/index.ts']?.imports).toContain('widgets/news/define.ts');
  });

  it('has the portal page preload every file its first view runs, and no view that loads later', () => {
    const preloaded = staticImportClosure(manifest, pageModules('/checkout', ''));
    expect(preloaded[0]).toBe('vendor-portal.js');
    expect(preloaded).toContain('vendor-checkout.js');
    expect(preloaded).toContainEqual(expect.stringMatching(/^chunks\/runtime-/));
    // Closed under static imports: nothing the browser would still discover one round trip later.
    const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
    for (const file of preloaded)
      for (const key of byFile.get(file)?.imports ?? []) expect(preloaded).toContain(manifest[key]?.file);
    // The payment column loads on demand (import()), after the cart has a line.
    const paymentForm = Object.values(manifest).find((chunk) =>
      chunk.src?.endsWith('checkout/PaymentForm.tsx'),
    );
    expect(paymentForm?.isDynamicEntry).toBe(true);
    expect(preloaded).not.toContain(paymentForm?.file);
    // A buy link puts a line in the cart at once: then the column and its chunks are preloaded too.
    const withLine = staticImportClosure(manifest, pageModules('/checkout', '?download_id=4372&price_id=1'));
    expect(withLine).toContain(paymentForm?.file);
    for (const key of paymentForm?.imports ?? []) expect(withLine).toContain(manifest[key]?.file);
  });
});
