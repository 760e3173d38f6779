import type { Plugin } from 'vite';
import { reachable } from './vite.module-graph';

export interface Reach {
  /** Collects the module graph once the build has loaded every module. */
  plugin: Plugin;
  /** True for a module that a root may load at start, through static imports (a chunk group's `test`). */
  reaches: (id: string) => boolean;
}

/**
 * The modules that the roots (`isRoot` picks them: entry modules, or the modules of a chunk group) may
 * load at start: everything reached through static imports, dynamic imports not followed. It over-counts (a module reached through a barrel file's
 * re-export counts even when tree-shaking drops it), which is safe for its use: keeping a module out of a
 * chunk group the roots must not load.
 */
export function staticReach(isRoot: (id: string) => boolean): Reach {
  let reached = new Set<string>();
  return {
    reaches: (id) => reached.has(id),
    plugin: {
      name: 'static-reach',
      buildEnd() {
        const roots = [...this.getModuleIds()].filter((id) => isRoot(id));
        reached = reachable((id) => this.getModuleInfo(id), roots);
      },
    },
  };
}
