// @vitest-environment node
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { elementCopies, elementOf } from '../../vite.element-copies';

const fixtures = resolve(import.meta.dirname, 'element-copies');
const outDir = mkdtempSync(join(tmpdir(), 'element-copies-'));
let manifest: Manifest;

/** The files an entry loads at start (its static imports, recursively). */
function loadedFiles(entry: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(Object.keys(manifest).find((key) => manifest[key]?.name === entry) ?? '');
  return [...files];
}

const load = (entry: string) => import(pathToFileURL(join(outDir, `${entry}.js`)).href);

beforeAll(async () => {
  await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [elementCopies((id) => /[\\/]shared[\\/]ui[\\/]/.test(id))],
    build: {
      outDir,
      manifest: true,
      minify: false,
      lib: {
        formats: ['es'],
        entry: {
          alpha: join(fixtures, 'widgets/alpha/define.ts'),
          beta: join(fixtures, 'widgets/beta/define.ts'),
        },
      },
      rolldownOptions: { output: { entryFileNames: '[name].js' } },
    },
  });
  manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
}, 60_000);

describe('elementCopies', () => {
  it('names the element of a module by its folder or by its copy', () => {
    expect(elementOf('/p/widgets/licenses/Licenses.tsx')).toBe('licenses');
    expect(elementOf('/p/shared/ui/Button.tsx?element=payment-result')).toBe('payment-result');
    expect(elementOf('/p/shared/ui/Button.tsx')).toBeNull();
  });

  it('puts a copied module into each element instead of a chunk both load', () => {
    const shared = loadedFiles('alpha').filter((file) => loadedFiles('beta').includes(file));
    const sharedCode = shared.map((file) => readFileSync(join(outDir, file), 'utf8')).join('\n');
    expect(sharedCode).not.toContain('`[${');
    for (const entry of ['alpha', 'beta']) {
      const code = loadedFiles(entry)
        .map((file) => readFileSync(join(outDir, file), 'utf8'))
        .join('\n');
      expect(code.match(/`\[\$\{/g)).toHaveLength(1);
    }
  });

  it('keeps one module for state the elements share, and one copy per element across its chunks', async () => {
    const alpha = await load('alpha');
    const beta = await load('beta');
    expect(alpha.increment()).toBe(1);
    expect(beta.increment()).toBe(2);
    expect(alpha.label).not.toBe(beta.label);
    expect((await alpha.loadLazy()).label).toBe(alpha.label);
    expect(beta.label('x')).toBe('[x]');
  });
});
