import { customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { users } from './users';

/** `stable` reaches every site (within its rollout), `beta` only sites that ask for betas. */
export type ReleaseChannel = 'stable' | 'beta';

/** Bytes as PostgreSQL's bytea; both drivers hand back a Uint8Array (node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** A version of a product the vendor published (`POST /api/v1/releases`). */
export const releases = pgTable(
  'releases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    downloadId: integer('download_id')
      .notNull()
      .references(() => products.downloadId, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    channel: text('channel').$type<ReleaseChannel>().notNull(),
    changelog: text('changelog').notNull().default(''),
    /** WordPress and PHP versions, as the plugin's readme states them. */
    requires: text('requires'),
    tested: text('tested'),
    requiresPhp: text('requires_php'),
    /** The share of sites offered this release (0–100); raising it only adds sites. */
    rolloutPercent: integer('rollout_percent').notNull().default(100),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('releases_download_version_idx').on(t.downloadId, t.version)],
);

/** The zip of a release, apart from its row so that listing and choosing releases never reads it. */
export const releaseArchives = pgTable('release_archives', {
  releaseId: integer('release_id')
    .primaryKey()
    .references(() => releases.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});

/** Keys the vendor's CI publishes releases with: only their SHA-256 is kept, the key is shown once. */
export const vendorApiKeys = pgTable(
  'vendor_api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The key's first characters, so a listed key can be recognised. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** What the key may do; publishing releases is the only scope there is. */
    scope: text('scope').notNull().default('releases:publish'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('vendor_api_keys_created_by_idx').on(t.createdBy)],
);
