/** The page's query values the element reads (`redirect`, and `key`/`user` of a reset link). */
export function pageQuery(name: string): string | null {
  try {
    return new URLSearchParams(globalThis.location?.search ?? '').get(name);
  } catch {
    return null;
  }
}
