/** The year the vendor started, where the footer's copyright range begins (spec §9). */
export const COPYRIGHT_START_YEAR = 2011;

/**
 * '2011–2026' (en dash). The year is an argument so tests and server-rendered pages do not depend on the
 * clock; a year at or before 2011 gives just '2011'.
 */
export function copyrightRange(year: number = new Date().getFullYear()): string {
  return year > COPYRIGHT_START_YEAR ? `${COPYRIGHT_START_YEAR}–${year}` : String(COPYRIGHT_START_YEAR);
}
