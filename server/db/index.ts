import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** One type for both drivers: routes never know whether they run on PGlite or on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle a `db.transaction` callback gets: a Database that can also roll back. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Flushes and closes (PGlite writes its data directory on close). */
  close(): Promise<void>;
}

export type DatabaseLocation =
  /** PGlite in this directory, or in memory for `memory://`. */
  { dataDir: string } | { databaseUrl: string };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant works; it only has to be the same in every process that migrates this database. */
const migrationLockId = 7_301_942;

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if ('databaseUrl' in location) return openPostgres(location.databaseUrl);
  return openPglite(location.dataDir);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  return openPgliteClient(new PGlite(dataDir));
}

/** Brings `client`'s schema up to date and wraps it (tests hand it a copy of a seeded database). */
export async function openPgliteClient(client: PGlite): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client, schema });
  try {
    // PGlite is one process by design, so there is nobody to race with here.
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  // A connection that cannot be had in 5 s (PostgreSQL unreachable rather than refusing) fails the
  // request with a 503 instead of holding it open until the client gives up.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client loses its connection when PostgreSQL restarts or ends it: without a listener the
  // pool's 'error' event would crash the process. The next query gets a fresh connection.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema });
  try {
    // Several server processes may start together against one PostgreSQL: a session-level advisory
    // lock on a dedicated connection makes them apply migrations one after the other.
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [migrationLockId]);
      await migrateNodePg(db, { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
      lockClient.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** A cheap round trip for /healthz. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
