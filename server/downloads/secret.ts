import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import { appMeta } from '../db/schema';

const metaKey = 'download-signing-secret';
const cache = new WeakMap<Database, Promise<string>>();

/**
 * The HMAC key of download links: `DOWNLOAD_SIGNING_SECRET` when set (at least 32 characters), else a
 * random key created once and kept in the database, so that every server process on one database, and
 * every restart, signs and checks links alike. Rotating it (changing the variable, or deleting the
 * `app_meta` row) invalidates every link already handed out, which is what a rotation is for.
 */
export function downloadSecret(
  db: Database,
  env: Record<string, string | undefined> = process.env,
): Promise<string> {
  const configured = env.DOWNLOAD_SIGNING_SECRET?.trim();
  if (configured) {
    if (configured.length < 32) {
      return Promise.reject(new Error('DOWNLOAD_SIGNING_SECRET must be at least 32 characters.'));
    }
    return Promise.resolve(configured);
  }
  let secret = cache.get(db);
  if (!secret) {
    secret = storedSecret(db);
    // A failed read is retried on the next call rather than cached.
    secret.catch(() => cache.delete(db));
    cache.set(db, secret);
  }
  return secret;
}

async function storedSecret(db: Database): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key: metaKey, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, metaKey));
  if (!row) throw new Error('The download signing secret could not be stored.');
  return row.value;
}
