import { describe, expect, it } from 'vitest';
import { formatMoney, toAmount, truncate2 } from './money';

describe('formatMoney', () => {
  it('prefixes $ and keeps 2 decimals', () => {
    expect(formatMoney(123.4)).toBe('$123.40');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(13000)).toBe('$13000.00');
    expect(formatMoney(8.99)).toBe('$8.99');
  });
  it('reads numeric strings from the API', () => {
    expect(formatMoney('49.9')).toBe('$49.90');
  });
  it('puts the sign before the $', () => {
    expect(formatMoney(-5)).toBe('-$5.00');
    expect(formatMoney(-0.001)).toBe('$0.00');
  });
  it('shows $0.00 for what is not a number', () => {
    expect(formatMoney('abc')).toBe('$0.00');
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney(Number.NaN)).toBe('$0.00');
  });
});

describe('toAmount', () => {
  it('parses numbers and numeric strings, else 0', () => {
    expect(toAmount('12.5')).toBe(12.5);
    expect(toAmount(3)).toBe(3);
    expect(toAmount(undefined)).toBe(0);
    expect(toAmount('x')).toBe(0);
  });
});

describe('truncate2', () => {
  it('truncates instead of rounding', () => {
    expect(truncate2(299.99 / 12)).toBe(24.99);
    expect(truncate2(49.97 / 12)).toBe(4.16);
    expect(truncate2(69 / 12)).toBe(5.75);
    expect(truncate2(1.239)).toBe(1.23);
  });
  it('is not fooled by binary floats', () => {
    expect(truncate2(0.29)).toBe(0.29);
    expect(truncate2(1.15)).toBe(1.15);
  });
  it('handles negatives and non-finite values', () => {
    expect(truncate2(-1.239)).toBe(-1.23);
    expect(truncate2(-0.001)).toBe(0);
    expect(truncate2(Number.POSITIVE_INFINITY)).toBe(0);
  });
});
