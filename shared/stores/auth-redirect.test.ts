import { describe, expect, it } from 'vitest';
import { safeRedirectPath, signedInDestination } from './auth-redirect';

const origin = 'https://portal.example.com';

/** Hosts an attacker would send users to, in the spellings URL parsers accept. */
const hosts = [
  'evil.com',
  'evil.com:443',
  'user@evil.com',
  'portal.example.com.evil.com',
  'portal.example.com@evil.com',
  '127.0.0.1',
  '[::1]',
  '0x7f.1',
  'xn--e1afmkfd.xn--p1ai',
  'EVIL.COM',
];
const prefixes = [
  '//',
  '///',
  '\\\\',
  '/\\',
  '\\/',
  '/\t/',
  '/\n/',
  ' //',
  '\t//',
  'http://',
  'https://',
  'HTTPS://',
  'ftp://',
  '//\\',
  'https:',
  'https:/',
  'http:\\\\',
  '%2F%2F',
  '%2f%2f',
  '/%2F',
  '%5C%5C',
  '/%5C',
  '%252F%252F',
  '%09//',
  '/%09/',
  '%0D%0A//',
  'https%3A%2F%2F',
];
const scripts = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript%3Aalert(1)',
  'javascript&colon;alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'blob:https://evil.com/uuid',
  'file:///etc/passwd',
  '\u0000javascript:alert(1)',
  'jav&#x09;ascript:alert(1)',
];

function hostileValues(): string[] {
  const values: string[] = [];
  for (const prefix of prefixes) {
    for (const host of hosts) {
      values.push(`${prefix}${host}`, `${prefix}${host}/user/dashboard`, `${prefix}${host}?x=1`);
    }
  }
  for (const script of scripts) values.push(script, encodeURIComponent(script), `${script}//`);
  return values;
}

describe('safeRedirectPath', () => {
  const hostile = hostileValues();

  it(`never leaves the origin for ${hostile.length} hostile values`, () => {
    expect(hostile.length).toBeGreaterThanOrEqual(500);
    for (const value of hostile) {
      const result = safeRedirectPath(value, origin);
      if (result === null) continue;
      // Whatever is accepted must be a path that resolves to our own origin, once or twice decoded.
      expect(result.startsWith('/'), value).toBe(true);
      expect(result.startsWith('//'), value).toBe(false);
      expect(new URL(result, origin).origin, value).toBe(origin);
      expect(new URL(decodeURIComponent(result), origin).origin, value).toBe(origin);
      expect(result.toLowerCase(), value).not.toContain('javascript:');
    }
  });

  it('refuses the classic open-redirect forms outright', () => {
    for (const value of [
      '//evil.com',
      '/\\evil.com',
      'https://evil.com',
      'javascript:alert(1)',
      '%2F%2Fevil.com',
      '/%2F%2Fevil.com',
      '/\t/evil.com',
      'https://portal.example.com.evil.com/',
    ]) {
      expect(safeRedirectPath(value, origin), value).toBeNull();
    }
  });

  it('keeps same-origin paths with their query and hash, and reads a bare word as a portal path', () => {
    expect(safeRedirectPath('/user/my-products?page=2#top', origin)).toBe('/user/my-products?page=2#top');
    expect(safeRedirectPath('checkout', origin)).toBe('/checkout');
    expect(safeRedirectPath('/user/upgrade-license?license_id=7', origin)).toBe(
      '/user/upgrade-license?license_id=7',
    );
  });

  it('ignores empty values, the auth pages themselves and a full URL even of the own origin', () => {
    for (const value of [
      null,
      undefined,
      '',
      '   ',
      '/auth/sign-in',
      'auth/reset-password?key=1',
      `${origin}/user`,
    ]) {
      expect(safeRedirectPath(value, origin)).toBeNull();
    }
  });
});

describe('signedInDestination', () => {
  it('goes to the safe redirect, else the dashboard of the account type', () => {
    expect(signedInDestination('/checkout', 'CUSTOMER', origin)).toBe('/checkout');
    expect(signedInDestination('//evil.com', 'CUSTOMER', origin)).toBe('/user/dashboard');
    expect(signedInDestination(null, 'SUPER_ADMIN', origin)).toBe('/user/admin_user/dashboard');
    expect(signedInDestination(null, 'ADMIN', origin)).toBe('/user/dashboard');
  });
});
