/** A LIKE pattern that matches `term` anywhere, with the pattern characters in the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
