import { type DateFormatOptions, formatDate } from './dates';

/**
 * A licence expiration (spec §3, §9): unix seconds show as a long date; 'lifetime' or 'never' in any
 * case show as 'Never'. Empty values give '' so a cell stays blank rather than saying something false.
 */
export function formatExpiration(
  value: number | string | null | undefined,
  options: DateFormatOptions = {},
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (word === 'lifetime' || word === 'never') return 'Never';
    if (word === '') return '';
  }
  return formatDate(value, options);
}
