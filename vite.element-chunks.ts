import type { Plugin } from 'vite';
import { reachable } from './vite.module-graph';

export interface ElementChunks {
  /** Collects the module graph once the build has loaded every module. */
  plugin: Plugin;
  /** The element whose start-up chunk a module belongs in, or null (a chunk group's `test` and `name`). */
  chunkOf: (id: string) => string | null;
}

/**
 * Puts everything an element runs at start, and no other element runs, into one chunk per element.
 *
 * Why: left to itself the bundler gives a module the element loads at start and its views loaded on
 * demand also use a chunk of its own whenever it cannot prove the views always load after the element
 * (one more import between them is enough), so `<vendor-licenses>` loaded its own code in two to four
 * files and paid gzip's per-file cost each time. Named here, the split is the same whatever the imports.
 *
 * `rootOf(id)` names the element whose entry module `id` is. An element's own modules are those its entry
 * reaches through static imports that no other element reaches at all (static or dynamic imports, not
 * counting other elements' entries, which the portal and the loader import): the runtime, the shared
 * chunk and code two elements use stay out.
 */
export function elementChunks(rootOf: (id: string) => string | null): ElementChunks {
  let owner = new Map<string, string>();
  return {
    chunkOf: (id) => owner.get(id) ?? null,
    plugin: {
      name: 'element-chunks',
      buildEnd() {
        const roots = [...this.getModuleIds()].filter((id) => rootOf(id) !== null);
        // An element's reach stops at other elements' entries (the portal imports them).
        const reach = (root: string, dynamic: boolean) =>
          reachable((id) => this.getModuleInfo(id), [root], {
            dynamic,
            stopAt: (id) => id !== root && rootOf(id) !== null,
          });
        const reachedBy = new Map<string, number>();
        for (const root of roots)
          for (const id of reach(root, true)) reachedBy.set(id, (reachedBy.get(id) ?? 0) + 1);
        owner = new Map();
        for (const root of roots) {
          const element = rootOf(root) as string;
          for (const id of reach(root, false)) if (reachedBy.get(id) === 1) owner.set(id, element);
        }
      },
    },
  };
}
