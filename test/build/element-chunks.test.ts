// @vitest-environment node
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { elementChunks } from '../../vite.element-chunks';

const fixtures = resolve(import.meta.dirname, 'element-chunks');
const elementOfEntry = (id: string) => /[\\/]widgets[\\/]([a-z]+)[\\/]define\.ts$/.exec(id)?.[1] ?? null;

async function buildFixtures(withPlugin: boolean) {
  const outDir = mkdtempSync(join(tmpdir(), 'element-chunks-'));
  const own = elementChunks(elementOfEntry);
  await build({
    configFile: false,
    logLevel: 'silent',
    plugins: withPlugin ? [own.plugin] : [],
    build: {
      outDir,
      manifest: true,
      minify: false,
      lib: {
        formats: ['es'],
        entry: {
          alpha: join(fixtures, 'widgets/alpha/define.ts'),
          beta: join(fixtures, 'widgets/beta/define.ts'),
          loader: join(fixtures, 'loader.ts'),
        },
      },
      rolldownOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: {
          entryFileNames: '[name].js',
          codeSplitting: withPlugin
            ? {
                groups: [
                  {
                    name: (id: string) => own.chunkOf(id),
                    test: (id: string) => own.chunkOf(id) !== null,
                    includeDependenciesRecursively: false,
                  },
                ],
              }
            : undefined,
        },
      },
    },
  });
  const manifest: Manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  return { outDir, manifest };
}

/** The files an entry loads at start (its static imports, recursively), by source name. */
function startFiles(manifest: Manifest, entry: string): string[] {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key]?.file ?? '');
  };
  visit(`${entry}.js`);
  return [...files];
}

let built: Awaited<ReturnType<typeof buildFixtures>>;
beforeAll(async () => {
  built = await buildFixtures(true);
}, 60_000);

describe('elementChunks', () => {
  it("loads an element's own start-up code as one file, beside what elements share", async () => {
    const files = startFiles(built.manifest, 'alpha');
    const code = files.map((file) => readFileSync(join(built.outDir, file), 'utf8'));
    const own = code.filter((text) => text.includes('<li>'));
    expect(own).toHaveLength(1);
    expect(own[0]).toContain('items:');
    // The code beta runs too stays out of alpha's own file.
    expect(own[0]).not.toContain("['shared']");
    expect(files).toHaveLength(2);
  });

  it('keeps one instance of each module across the entry and its lazy view', async () => {
    const alpha = await import(pathToFileURL(join(built.outDir, 'alpha.js')).href);
    expect(alpha.list()).toEqual(['<li>one</li>', '<li>two</li>', 'shared']);
    expect((await alpha.loadDetail()).detail()).toEqual(['<li>detail</li>']);
  });

  it('is needed: left alone, the bundler splits that code into more files', async () => {
    const { manifest } = await buildFixtures(false);
    expect(startFiles(manifest, 'alpha').length).toBeGreaterThan(2);
  });
});
