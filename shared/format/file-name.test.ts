import { describe, expect, it } from 'vitest';
import { shortenFileName } from './file-name';

describe('shortenFileName', () => {
  it('keeps names of 20 characters or fewer', () => {
    expect(shortenFileName('exactly-twenty-c.png')).toBe('exactly-twenty-c.png');
    expect(shortenFileName('a.png')).toBe('a.png');
  });
  it('shortens longer names to the first 9 + ... + the last 7', () => {
    expect(shortenFileName('screenshot-2026-11-23.png')).toBe('screensho...-23.png');
    expect(shortenFileName('twenty-one-chars-.png')).toBe('twenty-on...rs-.png');
  });
});
