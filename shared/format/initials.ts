/** Up to two initials of a name, upper-cased ('Casey Customer' → 'CC'); '?' for a name without letters. */
export function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?'
  );
}
