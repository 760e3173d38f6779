import { createHash, createPrivateKey, createPublicKey, hkdfSync, type KeyObject, sign } from 'node:crypto';
import { parseSecretsKey, secretsKey } from '../auth/secrets-key';
import { ConfigError } from '../config';

/**
 * The Ed25519 key pair licence answers and files are signed with. `LICENSING_SIGNING_KEY` (a 32-byte
 * seed, written like SECRETS_KEY) when set; otherwise derived from the secrets key (HKDF), so it is kept
 * exactly like the other secrets: required in production, in the data directory in development, and the
 * same in every process that shares them. Plugins embed the public key: rotating either changes it.
 */
export interface SigningKey {
  privateKey: KeyObject;
  /** The raw 32-byte public key, as sodium takes it. */
  publicKey: Buffer;
  /** Names the key in answers, so a plugin holding several public keys picks the right one. */
  keyId: string;
}

/** PKCS#8 DER of an Ed25519 private key is this prefix followed by the 32-byte seed (RFC 8410). */
const pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');

export function signingKeyFromSeed(seed: Buffer): SigningKey {
  const privateKey = createPrivateKey({
    key: Buffer.concat([pkcs8Prefix, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  // The raw key is the SPKI's last 32 bytes.
  const publicKey = spki.subarray(spki.length - 32);
  return { privateKey, publicKey, keyId: createHash('sha256').update(publicKey).digest('hex').slice(0, 16) };
}

function configuredSeed(raw: string): Buffer {
  try {
    return parseSecretsKey(raw);
  } catch {
    throw new ConfigError('LICENSING_SIGNING_KEY must be 32 random bytes as 64 hex characters or base64.');
  }
}

export function resolveSigningKey(env: Record<string, string | undefined> = process.env): SigningKey {
  const configured = env.LICENSING_SIGNING_KEY?.trim();
  const seed = configured
    ? configuredSeed(configured)
    : Buffer.from(hkdfSync('sha256', secretsKey(), Buffer.alloc(0), 'vendor-portal licensing ed25519', 32));
  return signingKeyFromSeed(seed);
}

let processKey: SigningKey | null = null;

export function signingKey(): SigningKey {
  processKey ??= resolveSigningKey();
  return processKey;
}

/** The Ed25519 signature of `bytes`, base64. */
export function signBytes(bytes: Buffer, key: SigningKey = signingKey()): string {
  return sign(null, bytes, key.privateKey).toString('base64');
}
