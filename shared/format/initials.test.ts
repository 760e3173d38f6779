import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letter of the first two words, upper-cased', () => {
    expect(initialsOf('Casey Customer')).toBe('CC');
    expect(initialsOf('  sam   van der support ')).toBe('SV');
    expect(initialsOf('Mononym')).toBe('M');
    expect(initialsOf('')).toBe('?');
  });
});
