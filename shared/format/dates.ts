/**
 * Dates in US English long form ('November 23, 2026'), optionally with 12-hour time
 * ('November 23, 2026, 3:04 PM'), as spec §9 asks. The locale is fixed and the time zone explicit
 * (UTC unless told) so the same instant shows the same day on every machine and in every test.
 */

export type DateInput = string | number | Date;

export interface DateFormatOptions {
  /** Adds the 12-hour time after the date. */
  withTime?: boolean;
  /** An IANA zone such as 'America/New_York'; defaults to 'UTC'. */
  timeZone?: string;
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

const formatters = new Map<string, Intl.DateTimeFormat>();

// Intl.DateTimeFormat is slow to build; tables format many rows, so each (kind, zone) is built once.
function formatter(kind: 'date' | 'time', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached =
      kind === 'date'
        ? new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone })
        : new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * `formatDate('2026-11-23T15:04:00Z')` → 'November 23, 2026';
 * with `{ withTime: true }` → 'November 23, 2026, 3:04 PM'. An unreadable string is returned as it came
 * (better than hiding what the server sent); an unreadable number or Date gives ''.
 */
export function formatDate(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  const timeZone = options.timeZone ?? 'UTC';
  const day = formatter('date', timeZone).format(date);
  if (!options.withTime) return day;
  // The date and time are formatted apart and joined by hand: ICU versions differ on the joiner (', '
  // or ' at ') and newer ones put a narrow no-break space before AM/PM.
  const time = formatter('time', timeZone)
    .format(date)
    .replace(/\u202f/g, ' ');
  return `${day}, ${time}`;
}
