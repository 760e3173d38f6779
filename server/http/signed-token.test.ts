import { describe, expect, it } from 'vitest';
import { readToken, signToken } from './signed-token';

describe('signed tokens', () => {
  const secret = 'a-secret-of-the-server';

  it('give back what was signed', () => {
    expect(readToken(secret, 'download', signToken(secret, 'download', { f: 'x', e: 1 }))).toEqual({
      f: 'x',
      e: 1,
    });
  });

  it('are valid for their own domain only, so a download link is never a package link', () => {
    expect(readToken(secret, 'package', signToken(secret, 'download', { f: 'x', e: 1 }))).toBeNull();
  });

  it('refuse a changed payload, another secret and a malformed token', () => {
    const token = signToken(secret, 'download', { f: 'x', e: 1 });
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ f: 'y', e: 1 })).toString('base64url')}.${mac}`;
    expect(readToken(secret, 'download', forged)).toBeNull();
    expect(readToken('another-secret', 'download', token)).toBeNull();
    expect(readToken(secret, 'download', `${token}.extra`)).toBeNull();
    expect(readToken(secret, 'download', 'not-a-token')).toBeNull();
  });
});
