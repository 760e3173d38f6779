import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with a fresh salt and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('Customer#2026'), hashPassword('Customer#2026')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Customer#2026', a)).toBe(true);
    expect(await verifyPassword('customer#2026', a)).toBe(false);
    expect(await verifyPassword('Customer#2026', 'plain-text')).toBe(false);
  });
});
