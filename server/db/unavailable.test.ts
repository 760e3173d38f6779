import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { memoryLogger } from '../logger';
import { createMailer } from '../mail/mailer';
import { defaultPaths } from '../main';
import { createTestDatabase } from '../test-support/database';
import type { Database, DatabaseHandle } from '.';
import * as schema from './schema';
import { isDatabaseUnavailable } from './unavailable';

/** A port nobody listens on: bound by the system, then released, so a connection to it is refused. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((listening) => probe.listen(0, '127.0.0.1', listening));
  const address = probe.address();
  await new Promise<void>((closed) => probe.close(() => closed()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A real pool to a PostgreSQL that is not there: every query fails as it does while the server is down. */
let downPool: pg.Pool;
let down: Database;
let reachable: DatabaseHandle;

beforeAll(async () => {
  downPool = new pg.Pool({
    connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`,
  });
  down = drizzle({ client: downPool, schema });
  reachable = await createTestDatabase();
});
afterAll(async () => {
  await downPool.end();
  await reachable.close();
});

async function failureOf(query: Promise<unknown>): Promise<unknown> {
  try {
    await query;
  } catch (error) {
    return error;
  }
  throw new Error('the query was expected to fail');
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection, through the wrapping Drizzle adds', async () => {
    expect(isDatabaseUnavailable(await failureOf(down.execute(sql`select 1`)))).toBe(true);
  });

  it('does not take a wrong query for an outage: that stays a bug (500)', async () => {
    const error = await failureOf(reachable.db.execute(sql`select * from no_such_table`));
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('the API while the database is down', () => {
  const config = loadConfig({ NODE_ENV: 'test' });
  const logger = memoryLogger();
  const app = () =>
    createApp({
      db: down,
      config,
      logger,
      mailer: createMailer(config, down),
      paths: defaultPaths,
      publicOrigin: () => null,
    });

  it('answers 503 service_unavailable in the spec §8 shape, with Retry-After, and logs a warning', async () => {
    // A well-formed token: looking it up is the first thing that needs the database.
    const token = randomBytes(32).toString('base64url');
    const answer = await app().request('/api/v1/history', { headers: { 'X-WP-Nonce': token } });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('5');
    expect(await answer.json()).toEqual({
      status: 'service_unavailable',
      code: 'service_unavailable',
      message: 'The service is temporarily unavailable. Please try again in a moment.',
      data: { retry_after: 5 },
    });
    expect(logger.entries.map((entry) => `${entry.level} ${entry.message}`)).toContain(
      'warn database unavailable',
    );
    expect(logger.entries.some((entry) => entry.level === 'error')).toBe(false);
  });

  it('tells a load balancer through /healthz', async () => {
    const answer = await app().request('/healthz');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ status: 'unavailable' });
  });
});
