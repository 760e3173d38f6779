import { describe, expect, it } from 'vitest';
import { formatDate, formatMonth, toDate } from './dates';

describe('formatDate', () => {
  it('formats ISO strings in US English long form, in UTC by default', () => {
    expect(formatDate('2026-11-23T15:04:00Z')).toBe('November 23, 2026');
    expect(formatDate('2026-11-23T23:30:00-05:00')).toBe('November 24, 2026');
  });
  it('adds 12-hour time on request', () => {
    expect(formatDate('2026-11-23T15:04:00Z', { withTime: true })).toBe('November 23, 2026, 3:04 PM');
    expect(formatDate('2026-11-23T00:05:00Z', { withTime: true })).toBe('November 23, 2026, 12:05 AM');
  });
  it('takes a Date and unix seconds (numbers and numeric strings)', () => {
    expect(formatDate(new Date(Date.UTC(2024, 1, 29, 12)))).toBe('February 29, 2024');
    expect(formatDate(1795446240)).toBe('November 23, 2026');
    expect(formatDate('1795446240')).toBe('November 23, 2026');
  });
  it('reads zone-less date-times as UTC', () => {
    expect(formatDate('2026-11-23T23:59:00')).toBe('November 23, 2026');
    expect(formatDate('2026-11-23 23:59:00', { withTime: true })).toBe('November 23, 2026, 11:59 PM');
    expect(formatDate('2026-11-23')).toBe('November 23, 2026');
  });
  it('writes what Intl writes in en-US for UTC, every month, every hour', () => {
    const day = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const time = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone: 'UTC',
    });
    for (let month = 0; month < 12; month += 1) {
      for (let hour = 0; hour < 24; hour += 1) {
        const instant = new Date(
          Date.UTC(2026, month, 1 + ((month * 7 + hour) % 28), hour, (hour * 13) % 60),
        );
        const expected = `${day.format(instant)}, ${time.format(instant).replace(/\u202f/g, ' ')}`;
        expect(formatDate(instant, { withTime: true })).toBe(expected);
      }
    }
  });
  it('returns unreadable strings as they came and empties as ""', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('toDate', () => {
  it('returns a copy of a Date and null for nonsense', () => {
    const d = new Date(0);
    expect(toDate(d)).not.toBe(d);
    expect(toDate(d)?.getTime()).toBe(0);
    expect(toDate('nope')).toBeNull();
    expect(toDate(undefined)).toBeNull();
  });
});

describe('formatMonth', () => {
  it("writes a report's month as Intl's short month and year", () => {
    for (let month = 1; month <= 12; month += 1) {
      const key = `2026-${String(month).padStart(2, '0')}`;
      const expected = new Date(`${key}-01T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
      expect(formatMonth(key)).toBe(expected);
    }
  });
});
