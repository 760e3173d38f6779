import { createHash, randomBytes } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../db';
import { appMeta, captchaSolutions } from '../db/schema';

/**
 * The self-hosted proof-of-work captcha of affiliate registration (ALTCHA v2 with altcha-lib): no
 * third-party service, works offline. The solver must find a secret counter whose SHA-256 key starts
 * with the signed prefix; the server checks the key against its own HMAC signature, so verifying costs
 * one HMAC, and a solution is accepted once (captcha_solutions) until its challenge expires.
 */

type Env = Record<string, string | undefined>;

/** How long a challenge may take from issue to submit. */
export const challengeTtlSeconds = 10 * 60;

export interface CaptchaSettings {
  /** The secret counter is drawn from [minCounter, maxCounter]: the expected work is about their middle. */
  minCounter: number;
  maxCounter: number;
}

/**
 * `CAPTCHA_MAX_COUNTER` sets the difficulty (default 100 000 SHA-256 hashes at most, well under a second
 * in a browser); tests lower it. The minimum is a tenth of it, so no challenge is free.
 */
export function captchaSettings(env: Env = process.env): CaptchaSettings {
  const raw = env.CAPTCHA_MAX_COUNTER?.trim();
  const maxCounter = raw && /^\d+$/.test(raw) ? Math.min(Math.max(Number(raw), 10), 50_000_000) : 100_000;
  return { minCounter: Math.max(1, Math.floor(maxCounter / 10)), maxCounter };
}

const metaKeys = { signature: 'captcha-hmac-secret', key: 'captcha-hmac-key-secret' } as const;
const cache = new WeakMap<Database, Promise<{ signature: string; key: string }>>();

/**
 * The two HMAC secrets: from `CAPTCHA_HMAC_KEY` (at least 32 characters; the key secret is derived from
 * it) or, without it, random ones created once and kept in the database, so every process and restart
 * agrees. A challenge signed by anyone else fails verification.
 */
function secrets(db: Database, env: Env): Promise<{ signature: string; key: string }> {
  const configured = env.CAPTCHA_HMAC_KEY?.trim();
  if (configured) {
    if (configured.length < 32)
      return Promise.reject(new Error('CAPTCHA_HMAC_KEY must be at least 32 characters.'));
    const derived = createHash('sha256').update(`captcha-key:${configured}`).digest('base64url');
    return Promise.resolve({ signature: configured, key: derived });
  }
  let pending = cache.get(db);
  if (!pending) {
    pending = Promise.all([storedSecret(db, metaKeys.signature), storedSecret(db, metaKeys.key)]).then(
      ([signature, key]) => ({ signature, key }),
    );
    pending.catch(() => cache.delete(db));
    cache.set(db, pending);
  }
  return pending;
}

async function storedSecret(db: Database, key: string): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  if (!row) throw new Error(`The captcha secret ${key} could not be stored.`);
  return row.value;
}

export async function issueChallenge(
  db: Database,
  env: Env = process.env,
  now = new Date(),
): Promise<Challenge> {
  const { signature, key } = await secrets(db, env);
  const { minCounter, maxCounter } = captchaSettings(env);
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(maxCounter, minCounter),
    deriveKey,
    expiresAt: Math.floor(now.getTime() / 1000) + challengeTtlSeconds,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
}

function decodeToken(token: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as unknown;
    if (!payload || typeof payload !== 'object') return null;
    const { challenge, solution } = payload as { challenge?: Challenge; solution?: Solution };
    if (!challenge?.parameters || typeof challenge.signature !== 'string' || !solution) return null;
    if (challenge.parameters.algorithm !== 'SHA-256') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/** A solution that passed the checks, spent with what it allows (`spendCaptchaWithin`). */
export interface CaptchaSolution {
  challengeHash: string;
  expiresAt: Date;
}

/** Checks a token (base64 JSON `{challenge, solution}`) without spending it: the solution, or why not. */
export async function checkCaptcha(
  db: Database,
  token: string,
  env: Env = process.env,
): Promise<CaptchaSolution | 'missing' | 'invalid'> {
  if (!token) return 'missing';
  const decoded = decodeToken(token);
  if (!decoded) return 'invalid';
  const { signature, key } = await secrets(db, env);
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: key,
    });
    // Without the key signature the library would re-derive the key itself; ours always carry one.
    verified = result.verified && typeof decoded.challenge.parameters.keySignature === 'string';
  } catch {
    verified = false;
  }
  if (!verified) return 'invalid';
  return {
    challengeHash: createHash('sha256').update(String(decoded.challenge.signature)).digest('hex'),
    expiresAt: new Date((decoded.challenge.parameters.expiresAt ?? 0) * 1000),
  };
}

/**
 * Spends a checked solution in the transaction of what it allows, so a refused registration leaves it
 * usable. One insert on the challenge's primary key: of two requests racing with the same solution one
 * passes. False when it was spent already.
 */
export async function spendCaptchaWithin(
  tx: Database,
  solution: CaptchaSolution,
  now = new Date(),
): Promise<boolean> {
  await tx.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
  const spent = await tx
    .insert(captchaSolutions)
    .values(solution)
    .onConflictDoNothing()
    .returning({ challengeHash: captchaSolutions.challengeHash });
  return spent.length === 1;
}
