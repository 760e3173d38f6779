import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh, empty database on a PostgreSQL server (the servers under test migrate and seed it), so a
 * proof never sees another run's rows. Dropped on `drop()`, whatever connections are still open.
 */
export interface ProofDatabase {
  url: string;
  /** Runs one query on its own short connection (row counts, test set-up). */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createProofDatabase(serverUrl: string): Promise<ProofDatabase> {
  const name = `vendor_proof_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: async <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      onServer(url.toString(), async (client) => (await client.query<Row>(text, values)).rows),
    drop: () =>
      onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(),
  };
}
