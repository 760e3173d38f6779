import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { elementChunks } from './vite.element-chunks';
import { elementCopies } from './vite.element-copies';
import { formChecks } from './vite.form-checks';
import { preactAliases, productionDefine } from './vite.shared';
import { splitPackage } from './vite.split-package';
import { staticReach } from './vite.static-reach';

/**
 * What signed-in elements share besides the runtime, in one chunk of their own rather than many small
 * ones: the session and its storage, the session-bound client, the user schema, the id cap of the answer
 * schemas, the element helpers, the portal of the Preact shim (toasts, modals and selects portal), nanostores'
 * maps, derived stores and React binding (news subscribes with useSyncExternalStore alone), and the
 * validators that not every element calls.
 */
const signedInShared =
  /[\\/]shared[\\/](schemas[\\/]ids\.ts|stores[\\/](session|storage|toasts)\.ts|preact[\\/]react-dom\.ts|api[\\/]index\.ts|schemas[\\/]session\.ts|element[\\/])|[\\/]node_modules[\\/](nanostores|@nanostores[\\/]react)[\\/]/;
/**
 * Stateless modules each element gets a copy of (vite.element-copies.ts): the UI primitives and their CSS,
 * formatters and message tables; not the ones the runtime chunk holds for every element (HTML to text,
 * error messages). Not the answer schemas: the stores, one module for the page, import them too.
 */
const copiedFolders = /[\\/]shared[\\/](ui[\\/]|format[\\/]|api[\\/]messages)[^?]*(\.tsx?|\.css\?inline)$/;
const heldByRuntime =
  /[\\/]shared[\\/](format[\\/](html|messages)|api[\\/]messages[\\/]request-failures)\.ts$/;
const isCopied = (id: string) => copiedFolders.test(id) && !heldByRuntime.test(id);
const isValidator = (id: string) => id.startsWith('\0split:valibot');
/**
 * nanostores' `map`: `<vendor-news>` imports `atom` from the package's index, which re-exports `map`, so
 * staticReach (which follows every re-export) counts it as public; tree-shaking leaves it out of news.
 */
const reachedOnlyThroughBarrel = /[\\/]node_modules[\\/]nanostores[\\/]map[\\/]/;

/** `widgets/<name>/define.ts` → `<name>`: an element's entry module. */
const elementOfEntry = (id: string) => /[\\/]widgets[\\/]([a-z-]+)[\\/]define\.ts$/.exec(id)?.[1] ?? null;

/** The public (signed-out) elements' entries: they must not load code only signed-in elements share. */
const isPublicEntry = (id: string) => elementOfEntry(id) === 'news';

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
 * The embed build (`dist/widgets/`): Preact instead of React (vite.shared.ts), one ES module per element, shared
 * chunks, `loader.js` (the autoloader) and `vendor.js` (everything at once). Entry files keep stable names
 * (pages reference them); shared chunks carry a content hash and are cached for a year.
 */
export default defineConfig(({ mode }) => {
  const publicReach = staticReach(isPublicEntry);
  const ownChunks = elementChunks(elementOfEntry);
  const sharedReach = staticReach((id) => signedInShared.test(id));
  const checks = formChecks(isValidator);
  // A form's checks (valibot actions) that neither the runtime nor the shared chunk's own modules call.
  const isFormCheck = (id: string) =>
    checks.isAction(id) && !sharedReach.reaches(id) && !publicReach.reaches(id);
  const elements = elementEntries();
  // A module every element runs is shared by every element's entry and vendor.js (elementCount + 1).
  const elementCount = Object.keys(elements).length;
  return {
    resolve: { alias: preactAliases },
    plugins: [
      elementCopies(isCopied),
      splitPackage('valibot'),
      publicReach.plugin,
      sharedReach.plugin,
      checks.plugin,
      ownChunks.plugin,
    ],
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
          ...elements,
        },
      },
      rolldownOptions: {
        // An entry may export more than its module does (element-chunks' groups need it).
        preserveEntrySignatures: 'allow-extension',
        // Rolldown otherwise merges a small common chunk into the entry of one element that loads it,
        // even when that element's own chunk imports it: entry → own chunk → entry, a cycle in which the
        // own chunk reads the merged module's exports before they exist (test/build/widgets-build.test.ts).
        experimental: { chunkOptimization: { mergeCommonChunks: false } },
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          // Vite keeps whitespace in ES library builds (for downstream bundlers); these files go
          // straight to browsers, so they are minified completely.
          minify: mode !== 'development',
          comments: { legal: true, annotation: false, jsdoc: false },
          codeSplitting: {
            // Two shared chunks a browser caches once. `runtime`: exactly the modules every element runs,
            // counted after tree-shaking (the renderer, the element contract, the public API client, the
            // validators all call): all that `<vendor-news>` loads besides its own chunk. `shared`: what
            // signed-in elements share on top of it (signedInShared), never loaded by a public element.
            // `forms`: the checks of forms' pipes (regex, minLength, check…), for the elements with forms.
            // Then one chunk per element of all it runs at start and no other element runs (its own code
            // and its copies of the primitives: vite.element-chunks.ts, vite.element-copies.ts); the
            // bundler merges it into the element's entry file. Code a few elements share, and the views an
            // element loads on demand, are left to the bundler's own chunks.
            groups: [
              { name: 'runtime', minShareCount: elementCount + 1, priority: 2 },
              {
                name: 'shared',
                test: (id: string) =>
                  (((isValidator(id) && !isFormCheck(id)) || signedInShared.test(id)) &&
                    !publicReach.reaches(id)) ||
                  reachedOnlyThroughBarrel.test(id),
                priority: 1,
              },
              { name: 'forms', test: isFormCheck, priority: 1 },
              {
                name: (id: string) => ownChunks.chunkOf(id),
                test: (id: string) => ownChunks.chunkOf(id) !== null,
                priority: 0,
                // Only what chunkOf names: the modules they import belong to every element that runs them.
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  };
});
