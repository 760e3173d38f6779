import { describe, expect, it } from 'vitest';
import { formatExpiration } from './expiration';

describe('formatExpiration', () => {
  it("shows 'lifetime' and 'never' in any case as 'Never'", () => {
    expect(formatExpiration('lifetime')).toBe('Never');
    expect(formatExpiration('LifeTime')).toBe('Never');
    expect(formatExpiration('never')).toBe('Never');
    expect(formatExpiration(' NEVER ')).toBe('Never');
  });
  it('shows unix seconds as a long date', () => {
    expect(formatExpiration(1795446240)).toBe('November 23, 2026');
    expect(formatExpiration('1795446240')).toBe('November 23, 2026');
  });
  it('leaves empty values blank', () => {
    expect(formatExpiration(null)).toBe('');
    expect(formatExpiration(undefined)).toBe('');
    expect(formatExpiration('')).toBe('');
  });
});
