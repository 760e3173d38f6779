/** What a build plugin's `this.getModuleInfo` gives, as far as following imports needs. */
type ModuleInfoOf = (
  id: string,
) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;

/**
 * The modules reachable from `roots` through static imports (and dynamic ones with `dynamic`), not going
 * past a module `stopAt` picks (it is not counted either). For build plugins, once every module is loaded.
 */
export function reachable(
  moduleInfo: ModuleInfoOf,
  roots: Iterable<string>,
  { dynamic = false, stopAt = () => false }: { dynamic?: boolean; stopAt?: (id: string) => boolean } = {},
): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id) || stopAt(id)) continue;
    reached.add(id);
    const info = moduleInfo(id);
    pending.push(...(info?.importedIds ?? []));
    if (dynamic) pending.push(...(info?.dynamicallyImportedIds ?? []));
  }
  return reached;
}
