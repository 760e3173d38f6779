import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { preactAliases, productionDefine } from './vite.shared';

const runtimePackages = /[\\/]node_modules[\\/](preact|@r2wc|nanostores|@nanostores[\\/]react|valibot)[\\/]/;
const runtimeSources =
  /[\\/]shared[\\/](api[\\/](client|http|api-error|error-catalogue|response-meta|index|safe-url|messages|messages[\\/]request-failures)\.ts|element|stores[\\/](session|storage|load-state)|schemas[\\/](error|session)|format[\\/](html|messages)|catalogue[\\/]storage|ui[\\/]base\.css)/;

/** The modules every element needs, whatever it does. */
function isRuntimeModule(id: string): boolean {
  return runtimePackages.test(id) || runtimeSources.test(id);
}

/** `widgets/<name>/define.ts` → the entry `vendor-<name>.js` (the same convention as widgets/registry.ts). */
function elementEntries(): Record<string, string> {
  const widgets = resolve(import.meta.dirname, 'widgets');
  const entries: Record<string, string> = {};
  for (const folder of readdirSync(widgets, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const define = resolve(widgets, folder.name, 'define.ts');
    if (readdirSync(resolve(widgets, folder.name)).includes('define.ts'))
      entries[`vendor-${folder.name}`] = define;
  }
  return entries;
}

/**
 * The embed build (`dist/widgets/`): preact/compat instead of React, one ES module per element, shared
 * chunks, `loader.js` (the autoloader) and `vendor.js` (everything at once). Entry files keep stable names
 * (pages reference them); shared chunks carry a content hash and are cached for a year.
 */
export default defineConfig(({ mode }) => ({
  resolve: { alias: preactAliases },
  define: mode === 'development' ? {} : productionDefine,
  build: {
    outDir: 'dist/widgets',
    emptyOutDir: true,
    target: 'es2022',
    minify: mode !== 'development',
    sourcemap: true,
    copyPublicDir: false,
    // The manifest tells the size budgets (.size-limit.js) which chunks each element loads.
    manifest: true,
    lib: {
      formats: ['es'],
      entry: {
        loader: resolve(import.meta.dirname, 'widgets/loader.ts'),
        vendor: resolve(import.meta.dirname, 'widgets/index.ts'),
        ...elementEntries(),
      },
    },
    rolldownOptions: {
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        // Vite keeps whitespace in ES library builds (for downstream bundlers); these files go
        // straight to browsers, so they are minified completely.
        minify: mode !== 'development',
        // One runtime chunk that every element shares and a browser caches once: the renderer, the
        // element contract, the session and the API client. Code that only some elements use (UI
        // primitives, domain stores and schemas) is left to the bundler's own shared chunks.
        advancedChunks: {
          groups: [{ name: 'runtime', test: isRuntimeModule }],
        },
      },
    },
  },
}));
