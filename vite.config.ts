import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { compatAliases, productionDefine } from './vite.shared';

/** `widgets/<name>/define.ts` → the entry `vendor-<name>.js` (the same convention as widgets/registry.ts). */
function elementEntries(): Record<string, string> {
  const widgets = resolve(import.meta.dirname, 'widgets');
  const entries: Record<string, string> = {};
  for (const folder of readdirSync(widgets, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    if (readdirSync(resolve(widgets, folder.name)).includes('define.ts'))
      entries[`vendor-${folder.name}`] = resolve(widgets, folder.name, 'define.ts');
  }
  return entries;
}

/** The modules that run something when imported: the entries (define.ts, the loader, vendor.js). */
const entryModule = /[\\/]widgets[\\/]([a-z-]+[\\/]define|loader|index)\.ts$/;

/**
 * The embed build (`dist/widgets/`): preact/compat instead of React (vite.shared.ts), one ES module per
 * element, `loader.js` (the autoloader) and `vendor.js` (every element at once). Entry files keep stable
 * names (pages reference them); shared chunks carry a content hash and are cached for a year.
 */
export default defineConfig(({ mode }) => {
  const elements = elementEntries();
  return {
    resolve: { alias: compatAliases },
    define: mode === 'development' ? {} : productionDefine,
    build: {
      outDir: 'dist/widgets',
      emptyOutDir: true,
      target: 'es2022',
      minify: mode !== 'development',
      sourcemap: true,
      copyPublicDir: false,
      // test/build/widgets-build.test.ts reads which file imports which from the manifest.
      manifest: true,
      lib: {
        formats: ['es'],
        entry: {
          loader: resolve(import.meta.dirname, 'widgets/loader.ts'),
          vendor: resolve(import.meta.dirname, 'widgets/index.ts'),
          ...elements,
        },
      },
      rolldownOptions: {
        // Our entries export nothing, so an entry file may take other modules' code (lib mode says
        // 'strict'): an element's define module, which vendor.js imports too, then lives in the element's
        // entry file instead of a shared chunk behind a one-line entry, a file less on every page.
        preserveEntrySignatures: 'allow-extension',
        // Our modules do nothing when imported except the entries (define.ts registers an element). Said
        // here because the bundler cannot see it: every view imports React, i.e. preact/compat, which
        // does have effects, so a module reached through a barrel (shared/ui/index.ts) would be loaded
        // for its effects even by an element that uses none of its exports.
        treeshake: { moduleSideEffects: (id: string) => id.includes('node_modules') || entryModule.test(id) },
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          // Vite keeps whitespace in ES library builds (for downstream bundlers); these files go
          // straight to browsers, so they are minified completely.
          minify: mode !== 'development',
          comments: { legal: true, annotation: false, jsdoc: false },
          // One chunk of what every element loads (each element's entry and vendor.js import it: the
          // renderer, r2wc, the element contract, the API client and the validators every element calls),
          // cached once for all the elements of a site. Everything else is the bundler's own splitting:
          // a module goes into a chunk with the other modules the same set of entries loads, and the
          // views an element shows later stay behind their dynamic import().
          codeSplitting: { groups: [{ name: 'runtime', minShareCount: Object.keys(elements).length + 1 }] },
        },
      },
    },
  };
});
