import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config';

type Env = Record<string, string | undefined>;

const keyBytes = 32;
const keyFileName = 'secrets.key';

/** 32 bytes, written as 64 hex characters or as base64 / base64url (`openssl rand -base64 32`). */
export function parseSecretsKey(raw: string): Buffer {
  const text = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)
      ? Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  if (!key || key.length !== keyBytes) {
    throw new ConfigError(
      'SECRETS_KEY must be 32 random bytes as 64 hex characters or base64 (e.g. `openssl rand -base64 32`).',
    );
  }
  return key;
}

/** Reads the development key from the data directory, creating it (owner-only) on first start. */
function dataDirKey(dataDir: string): Buffer {
  const path = join(dataDir, keyFileName);
  try {
    return parseSecretsKey(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': of two processes starting together, one writes and the other reads what it wrote.
    writeFileSync(path, `${randomBytes(keyBytes).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseSecretsKey(readFileSync(path, 'utf8'));
}

/**
 * The key that seals 2FA secrets at rest and peppers the hashes of recovery and e-mail codes.
 * `SECRETS_KEY` wins everywhere and is required in production. Without it, development keeps a
 * generated key in the data directory (beside the PGlite data it protects), and tests and in-memory
 * databases, which do not outlive the process, use a fresh random key.
 */
export function resolveSecretsKey(env: Env = process.env): Buffer {
  const raw = env.SECRETS_KEY?.trim();
  if (raw) return parseSecretsKey(raw);
  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  if (nodeEnv === 'production') {
    throw new ConfigError(
      'SECRETS_KEY is required when NODE_ENV=production (it encrypts 2FA secrets): `openssl rand -base64 32`.',
    );
  }
  const dataDir = env.DATA_DIR?.trim() || './data';
  if (nodeEnv === 'test' || dataDir.startsWith('memory://')) return randomBytes(keyBytes);
  return dataDirKey(dataDir);
}

let processKey: Buffer | null = null;

/** The process's key, resolved once (the seed and the routes must agree on it). */
export function secretsKey(): Buffer {
  processKey ??= resolveSecretsKey();
  return processKey;
}
