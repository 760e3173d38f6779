import { describe, expect, it } from 'vitest';
import { joinMessages } from './messages';

describe('joinMessages', () => {
  it('HTML-decodes a string', () => {
    expect(joinMessages('Invalid &amp; expired')).toBe('Invalid & expired');
  });
  it('joins objects and arrays in order, nested too', () => {
    expect(joinMessages({ email: 'Email is required', password: ['Too short', 'No digit'] })).toBe(
      'Email is required Too short No digit',
    );
    expect(joinMessages(['a', '', null, 'b'])).toBe('a b');
  });
  it("gives '' for nothing to show", () => {
    expect(joinMessages(undefined)).toBe('');
    expect(joinMessages(null)).toBe('');
    expect(joinMessages({})).toBe('');
    expect(joinMessages(false)).toBe('');
  });
  it('prints numbers', () => {
    expect(joinMessages(404)).toBe('404');
  });
});
