import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { keyedHash, openSecret, sealSecret } from './secret-box';
import { parseSecretsKey, resolveSecretsKey } from './secrets-key';

describe('secret box', () => {
  const key = randomBytes(32);

  it('seals with a fresh IV and opens only with the same key and purpose, untampered', () => {
    const a = sealSecret('JBSWY3DPEHPK3PXP', 'totp-secret', key);
    const b = sealSecret('JBSWY3DPEHPK3PXP', 'totp-secret', key);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(a, 'totp-secret', key)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(a, 'recovery-codes', key)).toThrow();
    expect(() => openSecret(a, 'totp-secret', randomBytes(32))).toThrow();
    const parts = a.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() =>
      openSecret([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'totp-secret', key),
    ).toThrow();
    expect(() => openSecret('JBSWY3DPEHPK3PXP', 'totp-secret', key)).toThrow();
  });

  it('peppers code hashes with the key', () => {
    expect(keyedHash('x', '123456', key)).toBe(keyedHash('x', '123456', key));
    expect(keyedHash('x', '123456', key)).not.toBe(keyedHash('x', '123456', randomBytes(32)));
    expect(keyedHash('x', '123456', key)).not.toBe(keyedHash('y', '123456', key));
  });
});

describe('SECRETS_KEY', () => {
  it('accepts 32 bytes as hex or base64 and refuses anything else', () => {
    const raw = randomBytes(32);
    expect(parseSecretsKey(raw.toString('hex'))).toEqual(raw);
    expect(parseSecretsKey(raw.toString('base64'))).toEqual(raw);
    expect(parseSecretsKey(raw.toString('base64url'))).toEqual(raw);
    for (const bad of ['', 'secret', randomBytes(16).toString('hex'), randomBytes(48).toString('base64')]) {
      expect(() => parseSecretsKey(bad)).toThrow(ConfigError);
    }
  });

  it('is required in production and validated wherever it is set', () => {
    expect(() => resolveSecretsKey({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY is required/);
    expect(() => resolveSecretsKey({ NODE_ENV: 'production', SECRETS_KEY: 'short' })).toThrow(ConfigError);
    const raw = randomBytes(32);
    expect(resolveSecretsKey({ NODE_ENV: 'production', SECRETS_KEY: raw.toString('base64') })).toEqual(raw);
  });

  it('is generated once into the data directory in development and read back after', async () => {
    const { mkdtemp, readFile, rm, stat } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'vendor-key-'));
    try {
      const first = resolveSecretsKey({ NODE_ENV: 'development', DATA_DIR: dir });
      const second = resolveSecretsKey({ NODE_ENV: 'development', DATA_DIR: dir });
      expect(second).toEqual(first);
      expect(parseSecretsKey(await readFile(join(dir, 'secrets.key'), 'utf8'))).toEqual(first);
      expect((await stat(join(dir, 'secrets.key'))).mode & 0o077).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
