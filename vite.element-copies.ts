import type { Plugin } from 'vite';

/** `?element=licenses` on a copied module's id: the element whose copy it is. */
const elementQuery = /[?&]element=([a-z-]+)/;
/** A module under `widgets/<name>/` belongs to the element `<name>`. */
const elementFolder = /[\\/]widgets[\\/]([a-z-]+)[\\/]/;

/** The element a module belongs to: by its copy's query, else by its folder; null for shared code. */
export function elementOf(id: string): string | null {
  return elementQuery.exec(id)?.[1] ?? elementFolder.exec(id)?.[1] ?? null;
}

/**
 * Gives every element its own copy of the stateless modules `isCopied` picks (UI primitives, formatters,
 * message tables) instead of one module all elements share.
 *
 * Why: a bundler puts a module in exactly one chunk, so a primitive that twelve elements import in
 * twelve different combinations becomes a chunk of its own, and an element loads a dozen small files:
 * each pays gzip's per-file cost (header, its own Huffman tables, the import list with hashed names),
 * about 2–3 KB for `<vendor-licenses>`. With a copy per element, the element's own code is one chunk (plus
 * what it loads on demand). Two different elements on one page download a primitive twice (hundreds of
 * bytes); one element pasted into a page, the common case, downloads only what it runs.
 *
 * A copy is the same file under the id `<file>?element=<name>` (`&element=` after a query such as
 * `?inline`), imported by that element's modules (and by the copies they import), so one element shares
 * one copy across its views and lazy chunks.
 * Modules with state shared between elements (the session, toasts, the downloads in flight) must not be
 * copied: `isCopied` names stateless modules only.
 */
export function elementCopies(isCopied: (id: string) => boolean): Plugin {
  return {
    name: 'element-copies',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      const element = importer ? elementOf(importer) : null;
      if (!importer || !element) return null;
      const resolved = await this.resolve(source, importer.replace(elementQuery, ''), {
        ...options,
        skipSelf: true,
      });
      if (!resolved || resolved.external || !isCopied(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${resolved.id.includes('?') ? '&' : '?'}element=${element}` };
    },
  };
}
