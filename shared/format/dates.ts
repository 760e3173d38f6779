/**
 * Dates in US English long form ('November 23, 2026'), optionally with 12-hour time
 * ('November 23, 2026, 3:04 PM'), as spec §9 asks, in UTC: the same instant shows the same day on every
 * machine and in every test.
 */

export type DateInput = string | number | Date;

export interface DateFormatOptions {
  /** Adds the 12-hour time after the date. */
  withTime?: boolean;
}

const NUMERIC = /^\d+(\.\d+)?$/;
// ISO date-times without 'Z' or an offset (WordPress `date`, SQL-style '2026-11-23 15:04:00').
const ZONELESS_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Turns an ISO string, a Date or unix seconds (spec §3: expirations are unix seconds; numeric strings
 * count too) into a Date, or null when it is not a date. A zone-less date-time is read as UTC: reading it
 * in the viewer's zone would make the shown day depend on where the viewer is.
 */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) {
    date = new Date(value.getTime());
  } else if (typeof value === 'number' || NUMERIC.test(value)) {
    date = new Date(Number(value) * 1000);
  } else {
    const text = value.trim();
    date = new Date(ZONELESS_DATE_TIME.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * `formatDate('2026-11-23T15:04:00Z')` → 'November 23, 2026';
 * with `{ withTime: true }` → 'November 23, 2026, 3:04 PM'. An unreadable string is returned as it came
 * (better than hiding what the server sent); an unreadable number or Date gives ''.
 *
 * Written out rather than with Intl.DateTimeFormat, whose first use on a page spends about 40 ms of the main
 * thread loading its locale data (measured in Chromium): on every page that shows a date, a long task.
 */
export function formatDate(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  const day = `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  if (!options.withTime) return day;
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${day}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A report's month, `'2026-11'` → 'Nov 2026'. */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-');
  return `${monthNames[Number(number) - 1]?.slice(0, 3) ?? ''} ${year}`;
}
