import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { parseSecretsKey, secretsKey } from '../auth/secrets-key';
import { type DatabaseHandle, openDatabase, openPgliteClient } from '../db';
import { seedDatabase } from '../seed';

/**
 * Where the test run's seeded database lives (see `seeded-template.ts`): a dump of a PGlite data
 * directory, or a PostgreSQL database to copy.
 */
export type SeededTemplate = (
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; database: string }
) & {
  /** The SECRETS_KEY that sealed the demo accounts' 2FA secrets: a copy is readable only with it. */
  secretsKey: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate | null;
  }
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or, when DATABASE_URL is
 * set (CI's PostgreSQL run), a new database created on that server and dropped again on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  return createPostgresDatabase(serverUrl);
}

/**
 * A fresh database holding the demo data. Seeding takes seconds (scrypt hashes, a hundred analytics
 * customers inserted one by one), so the run seeds one template before the first test and each test
 * app gets a copy of it; without a template (a suite that does not set one up) it seeds its own.
 */
export async function createSeededTestDatabase(): Promise<DatabaseHandle> {
  const template = usableTemplate();
  const serverUrl = process.env.DATABASE_URL;
  if (template?.kind === 'pglite' && !serverUrl) {
    const dump = new Blob([await readFile(template.dumpFile)]);
    return openPgliteClient(new PGlite({ loadDataDir: dump }));
  }
  if (template?.kind === 'postgres' && serverUrl) return createPostgresDatabase(serverUrl, template.database);
  const handle = await createTestDatabase();
  await seedDatabase(handle.db, { demo: true });
  return handle;
}

/** The run's template, when this process seals secrets with the key the template was seeded with. */
function usableTemplate(): SeededTemplate | null {
  let template: SeededTemplate | null;
  try {
    template = inject('seededTemplate') ?? null;
  } catch {
    // Outside a vitest worker (a script importing the test app): no template.
    return null;
  }
  if (!template) return null;
  // Worker processes usually inherit the key the global setup set; one that resolved a key of its own
  // before (the process's key is resolved once) seeds its own databases.
  process.env.SECRETS_KEY ??= template.secretsKey;
  return secretsKey().equals(parseSecretsKey(template.secretsKey)) ? template : null;
}

/** A new database on the PostgreSQL server, empty or a copy of `template`, dropped on close. */
async function createPostgresDatabase(serverUrl: string, template?: string): Promise<DatabaseHandle> {
  const name = `vendor_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** One statement on the server's default database (creating and dropping databases). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
