import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { consumeRateLimit, type RateLimitRule } from '../http/rate-limit';

/**
 * Counts a call to a public licence endpoint per address and per licence key; 429 with Retry-After
 * past either limit. The key is counted whether or not it exists, so the limit tells nothing about it,
 * and it is hashed: the counters' table never holds a usable key.
 */
export async function limitLicensingCall(c: Context<AppEnv>, licenceKey: string | undefined): Promise<void> {
  const { db, config } = c.get('deps');
  const { perIp, perKey, windowSeconds } = config.licensingRateLimit;
  const rules: RateLimitRule[] = [
    { key: `licensing:ip:${clientIp(c, config.trustProxy)}`, limit: perIp, windowSeconds },
  ];
  if (licenceKey) {
    const hashed = createHash('sha256').update(licenceKey).digest('base64url').slice(0, 22);
    rules.push({ key: `licensing:key:${hashed}`, limit: perKey, windowSeconds });
  }
  await consumeRateLimit(db, rules);
}
