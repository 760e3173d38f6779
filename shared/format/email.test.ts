import { describe, expect, it } from 'vitest';
import { maskEmail } from './email';

describe('maskEmail', () => {
  it('keeps the first 2 characters of the local part and stars the rest, domain visible', () => {
    expect(maskEmail('john.doe@example.com')).toBe('jo******@example.com');
    expect(maskEmail('abc@x.io')).toBe('ab*@x.io');
  });
  it('always hides something in a short local part', () => {
    expect(maskEmail('ab@x.io')).toBe('a*@x.io');
    expect(maskEmail('a@x.io')).toBe('a@x.io');
  });
  it('masks a value without @ whole', () => {
    expect(maskEmail('username')).toBe('us******');
  });
  it('uses the last @ as the separator', () => {
    expect(maskEmail('"a@b"@x.io')).toBe('"a***@x.io');
  });
});
