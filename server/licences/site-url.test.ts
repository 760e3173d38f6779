import { describe, expect, it } from 'vitest';
import { normaliseSiteUrl, siteKey, storedFormsOf } from './site-url';

describe('normaliseSiteUrl', () => {
  it.each([
    ['https://Example.com/', 'https://example.com'],
    ['http://www.example.com/shop/', 'http://www.example.com/shop'],
    ['example.com', 'http://example.com'],
    ['  https://example.com:8443/blog//  ', 'https://example.com:8443/blog'],
    ['https://user:secret@example.com/?q=1#top', 'https://example.com'],
    ['http://localhost:8080', 'http://localhost:8080'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseSiteUrl(raw)).toBe(expected);
  });

  it.each([
    '',
    'http://',
    'https://',
    'not a url',
    'ftp://example.com',
    'javascript:alert(1)',
    'http://nodot',
  ])('refuses %j', (raw) => {
    expect(normaliseSiteUrl(raw)).toBeNull();
    expect(siteKey(raw)).toBeNull();
  });
});

describe('siteKey', () => {
  it('is the same for scheme, www., case and trailing slash variants of one site', () => {
    const variants = [
      'http://example.com',
      'https://example.com/',
      'https://www.example.com',
      'HTTP://WWW.EXAMPLE.COM/',
      'example.com',
    ];
    expect(new Set(variants.map(siteKey))).toEqual(new Set(['example.com']));
  });

  it('tells apart other hosts, ports and paths', () => {
    const keys = ['example.com', 'shop.example.com', 'example.com:8080', 'example.com/blog', 'example.org'];
    expect(new Set(keys.map(siteKey)).size).toBe(keys.length);
  });
});

describe('storedFormsOf', () => {
  it('lists each scheme with and without www. for a site key', () => {
    expect(storedFormsOf('example.com:8080/shop')).toEqual([
      'http://example.com:8080/shop',
      'http://www.example.com:8080/shop',
      'https://example.com:8080/shop',
      'https://www.example.com:8080/shop',
    ]);
  });

  it('leaves out a form whose own key differs (www.www.… keeps one www.)', () => {
    expect(storedFormsOf('www.example.com')).toEqual([
      'http://www.www.example.com',
      'https://www.www.example.com',
    ]);
  });

  it('holds every stored form of the site a typed URL names', () => {
    const typed = 'HTTP://WWW.Example.com/Blog/';
    const stored = normaliseSiteUrl(typed);
    const key = siteKey(typed);
    expect(stored).not.toBeNull();
    expect(storedFormsOf(key ?? '')).toContain(stored);
  });
});
