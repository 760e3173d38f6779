import { describe, expect, it } from 'vitest';
import { copyrightRange } from './copyright';

describe('copyrightRange', () => {
  it('runs from 2011 to the given year with an en dash', () => {
    expect(copyrightRange(2026)).toBe('2011–2026');
  });
  it('defaults to the current year', () => {
    expect(copyrightRange()).toBe(`2011–${new Date().getFullYear()}`);
  });
  it('does not print a backwards range', () => {
    expect(copyrightRange(2011)).toBe('2011');
    expect(copyrightRange(2005)).toBe('2011');
  });
});
