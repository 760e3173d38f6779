import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { vendorApiKeys } from '../db/schema';

/** `vpk_` and 32 random bytes: recognisable in a CI secret store, unguessable. */
const keyPrefix = 'vpk_';
const shownPrefixLength = 12;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

export interface VendorKeyListing {
  id: number;
  name: string;
  prefix: string;
  scope: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const listingColumns = {
  id: vendorApiKeys.id,
  name: vendorApiKeys.name,
  prefix: vendorApiKeys.prefix,
  scope: vendorApiKeys.scope,
  createdAt: vendorApiKeys.createdAt,
  lastUsedAt: vendorApiKeys.lastUsedAt,
  revokedAt: vendorApiKeys.revokedAt,
};

/** A new key: the answer is the only place the key itself ever appears; only its hash is stored. */
export async function createVendorKey(
  db: Database,
  name: string,
  createdBy: number,
): Promise<VendorKeyListing & { key: string }> {
  const key = `${keyPrefix}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(vendorApiKeys)
    .values({ name, prefix: key.slice(0, shownPrefixLength), keyHash: hashOf(key), createdBy })
    .returning(listingColumns);
  if (!row) throw new Error('The vendor API key was not stored.');
  return { ...row, key };
}

export function listVendorKeys(db: Database): Promise<VendorKeyListing[]> {
  return db.select(listingColumns).from(vendorApiKeys).orderBy(desc(vendorApiKeys.id));
}

/** Revokes a key for good; false when there is no such key still active. */
export async function revokeVendorKey(db: Database, id: number, now: Date): Promise<boolean> {
  const revoked = await db
    .update(vendorApiKeys)
    .set({ revokedAt: now })
    .where(and(eq(vendorApiKeys.id, id), isNull(vendorApiKeys.revokedAt)))
    .returning({ id: vendorApiKeys.id });
  return revoked.length > 0;
}

/** The active key a caller presents, marked as used; null for an unknown or revoked one. */
export async function authenticateVendorKey(
  db: Database,
  key: string,
  now: Date,
): Promise<{ id: number } | null> {
  if (!key.startsWith(keyPrefix)) return null;
  const [row] = await db
    .update(vendorApiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(vendorApiKeys.keyHash, hashOf(key)), isNull(vendorApiKeys.revokedAt)))
    .returning({ id: vendorApiKeys.id });
  return row ?? null;
}
