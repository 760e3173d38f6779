// @vitest-environment node
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { splitPackage } from '../../vite.split-package';

const fixtures = resolve(import.meta.dirname, 'split-package');
const outDir = mkdtempSync(join(tmpdir(), 'split-package-'));
let manifest: Manifest;

/** Every file an entry loads at start (its static imports, recursively), as one string. */
function loadedCode(entry: string): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(Object.keys(manifest).find((key) => manifest[key]?.name === entry) ?? '');
  return [...files].map((file) => readFileSync(join(outDir, file), 'utf8')).join('\n');
}

const load = (entry: string) => import(pathToFileURL(join(outDir, `${entry}.js`)).href);

beforeAll(async () => {
  await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [splitPackage('valibot')],
    build: {
      outDir,
      manifest: true,
      minify: false,
      lib: {
        formats: ['es'],
        entry: {
          'object-only': join(fixtures, 'object-only.ts'),
          email: join(fixtures, 'email.ts'),
          'global-config': join(fixtures, 'global-config.ts'),
        },
      },
      rolldownOptions: { output: { entryFileNames: '[name].js' } },
    },
  });
  manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
}, 60_000);

describe('splitPackage (valibot, one module per declaration)', () => {
  it('leaves out of an entry the validators only another entry calls', () => {
    expect(loadedCode('object-only')).not.toMatch(/function email\b/);
    expect(loadedCode('email')).toMatch(/function email\b/);
    // Both share what both call, once.
    expect(loadedCode('object-only')).toMatch(/function safeParse\b/);
  });

  it('runs the package code unchanged, through namespace and named imports', async () => {
    const { parseItem } = await load('object-only');
    expect(parseItem({ id: 1, name: 'a' })).toBe(true);
    expect(parseItem({ id: '1', name: 'a' })).toBe(false);
    const { isEmail } = await load('email');
    expect(isEmail('someone@example.com')).toBe(true);
    expect(isEmail('someone')).toBe(false);
  });

  it('keeps a top-level binding with the function that assigns it', async () => {
    const { roundTrip } = await load('global-config');
    expect(roundTrip('de')).toBe('de');
  });
});
