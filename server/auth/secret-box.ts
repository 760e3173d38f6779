import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { secretsKey } from './secrets-key';

/** What a sealed value protects; bound into the ciphertext, so a value sealed for one use opens for no other. */
export type SealPurpose = 'totp-secret' | 'recovery-codes';

const prefix = 'v1';

/**
 * AES-256-GCM with a random 96-bit IV: `v1.<iv>.<tag>.<ciphertext>` (base64url). A changed byte, a
 * wrong key or a wrong purpose makes `openSecret` throw instead of returning garbage.
 */
export function sealSecret(plain: string, purpose: SealPurpose, key: Buffer = secretsKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [prefix, iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function openSecret(sealed: string, purpose: SealPurpose, key: Buffer = secretsKey()): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== prefix || !iv || !tag || body === undefined) throw new Error('Not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * HMAC-SHA256 under the secrets key: for short codes (6-digit e-mail codes, recovery codes) a plain hash
 * could be reversed by trying every code; without the key a leaked table gives nothing to try against.
 */
export function keyedHash(purpose: string, value: string, key: Buffer = secretsKey()): string {
  return createHmac('sha256', key).update(`${purpose}\0${value}`).digest('hex');
}
