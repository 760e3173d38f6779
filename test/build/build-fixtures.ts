import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BuildOptions, build, type Manifest, type Plugin } from 'vite';

export interface BuiltFixtures {
  /** The files an entry loads at start (its static imports, recursively), as paths in the output. */
  startFiles: (entry: string) => string[];
  /** Their code, as one string. */
  startCode: (entry: string) => string;
  /** One output file's code. */
  read: (file: string) => string;
  /** Imports an entry's file from the output. */
  load: <Module>(entry: string) => Promise<Module>;
}

/**
 * Builds fixture entries as the embed build does (a library of ES modules with a manifest, not minified
 * so tests can read the code), into a fresh temporary folder.
 */
export async function buildFixtures({
  name,
  entries,
  plugins = [],
  rolldownOptions = {},
}: {
  name: string;
  entries: Record<string, string>;
  plugins?: Plugin[];
  rolldownOptions?: NonNullable<BuildOptions['rolldownOptions']>;
}): Promise<BuiltFixtures> {
  const outDir = mkdtempSync(join(tmpdir(), `${name}-`));
  await build({
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      outDir,
      manifest: true,
      minify: false,
      lib: { formats: ['es'], entry: entries },
      rolldownOptions: {
        ...rolldownOptions,
        output: { entryFileNames: '[name].js', ...rolldownOptions.output },
      },
    },
  });
  const manifest: Manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const startFiles = (entry: string) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(Object.keys(manifest).find((key) => manifest[key]?.name === entry) ?? '');
    return [...files];
  };
  const read = (file: string) => readFileSync(join(outDir, file), 'utf8');
  return {
    startFiles,
    startCode: (entry) => startFiles(entry).map(read).join('\n'),
    read,
    load: (entry) => import(pathToFileURL(join(outDir, `${entry}.js`)).href),
  };
}
