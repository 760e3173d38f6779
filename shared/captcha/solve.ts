import type { CaptchaChallenge } from '../schemas/affiliates';

/**
 * A small ALTCHA v2 solver for the SHA-256 challenges our server issues (altcha-lib on the server).
 * The `altcha` widget package weighs ≈ 50 KB gzip, twice an element's whole budget, so the form runs
 * this instead: WebCrypto hashes in batches, yielding to the event loop between batches so the page
 * stays responsive. A Web Worker is not used on purpose: an element embedded on another origin may not
 * start a worker from our origin, and a blob: worker is refused by a strict `script-src` policy.
 */

export interface CaptchaSolution {
  counter: number;
  derivedKey: string;
}

/** Hashes computed concurrently before the solver yields once. */
const batchSize = 256;
/** Above this many attempts the challenge is not one of ours (the server's maximum is far below). */
const maxCounter = 50_000_000;

const hexToBytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
const bytesToHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

function startsWith(key: Uint8Array, prefix: Uint8Array): boolean {
  for (let i = 0; i < prefix.length; i += 1) if (key[i] !== prefix[i]) return false;
  return true;
}

/** altcha-lib's SHA deriveKey: salt ‖ nonce ‖ counter (uint32, big-endian), hashed `cost` times. */
async function deriveKey(
  salt: Uint8Array,
  nonce: Uint8Array,
  counter: number,
  cost: number,
  keyLength: number,
) {
  const input = new Uint8Array(salt.length + nonce.length + 4);
  input.set(salt, 0);
  input.set(nonce, salt.length);
  new DataView(input.buffer).setUint32(salt.length + nonce.length, counter, false);
  let key = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  for (let round = 1; round < cost; round += 1)
    key = new Uint8Array(await crypto.subtle.digest('SHA-256', key));
  return key.slice(0, keyLength);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Finds the counter whose derived key starts with the challenge's prefix. Rejects when aborted or when
 * the challenge is not a SHA-256 one (the only kind this solver knows).
 */
export async function solveCaptcha(
  challenge: CaptchaChallenge,
  signal?: AbortSignal,
): Promise<CaptchaSolution> {
  const { algorithm, salt, nonce, keyPrefix, cost, keyLength } = challenge.parameters;
  if (algorithm !== 'SHA-256' || keyPrefix.length % 2 !== 0)
    throw new Error(`Unsupported captcha: ${algorithm}`);
  const saltBytes = hexToBytes(salt);
  const nonceBytes = hexToBytes(nonce);
  const prefix = hexToBytes(keyPrefix);
  for (let start = 0; start < maxCounter; start += batchSize) {
    signal?.throwIfAborted();
    const keys = await Promise.all(
      Array.from({ length: batchSize }, (_, offset) =>
        deriveKey(saltBytes, nonceBytes, start + offset, cost, keyLength),
      ),
    );
    const found = keys.findIndex((key) => startsWith(key, prefix));
    if (found >= 0) return { counter: start + found, derivedKey: bytesToHex(keys[found] as Uint8Array) };
    await nextTask();
  }
  throw new Error('Captcha not solved');
}

/** The token the server expects in `captcha_token`: base64 JSON `{challenge, solution}`, as ALTCHA sends it. */
export function captchaToken(challenge: CaptchaChallenge, solution: CaptchaSolution): string {
  return btoa(JSON.stringify({ challenge, solution }));
}
