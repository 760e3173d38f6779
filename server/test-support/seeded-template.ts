import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, openPgliteClient } from '../db';
import { seedDatabase } from '../seed';
import { adminQuery } from './database';

/**
 * Vitest global setup of the server and proof suites: seeds the demo data once for the whole run, so
 * each test app copies a database instead of seeding its own (about 4 s each, over a hundred apps).
 * PGlite's copy is a dump of its data directory in a temporary file; PostgreSQL's a template database.
 */
export default async function seedTemplate(project: TestProject): Promise<() => Promise<void>> {
  // One key for the run: the seed seals the demo accounts' 2FA secrets with it, and the test workers,
  // started after this setup, inherit it (without it each process would draw a random key).
  process.env.SECRETS_KEY ??= randomBytes(32).toString('base64');
  const secretsKey = process.env.SECRETS_KEY;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = `vendor_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${database}`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    await seedDatabase(handle.db, { demo: true });
    // A database with a session open cannot serve as a template.
    await handle.close();
    project.provide('seededTemplate', { kind: 'postgres', database, secretsKey });
    return () => adminQuery(serverUrl, `drop database if exists ${database} with (force)`);
  }
  const client = new PGlite('memory://');
  const handle = await openPgliteClient(client);
  await seedDatabase(handle.db, { demo: true });
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dir = await mkdtemp(join(tmpdir(), 'vendor-seeded-'));
  const dumpFile = join(dir, 'seeded.tar');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('seededTemplate', { kind: 'pglite', dumpFile, secretsKey });
  return () => rm(dir, { recursive: true, force: true });
}
