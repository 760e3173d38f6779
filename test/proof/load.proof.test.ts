import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proofScale, recordFigures, scaled } from './support/figures';
import { demoCustomer, licenceWithRoom, ownLicences, signIn } from './support/load-api';
import { type LoadFigures, runLoadMix } from './support/load-mix';
import { createProofDatabase, type ProofDatabase } from './support/postgres-database';
import { freePort } from './support/server-process-ports';
import { type ServerProcess, startServerProcess } from './support/server-process-spawn';

/*
 * Issue #16 load: the mixed customer calls against a production start (NODE_ENV=production, the built
 * widgets in dist/, a temporary DATA_DIR), in a child process so the load generator (autocannon, in
 * this process) and the server do not share an event loop. Bounded runs on 127.0.0.1, once on the
 * embedded PGlite and once on PostgreSQL (DATABASE_URL), where the target is p99 ≤ 20 ms at 500 req/s.
 */

const durationSeconds = scaled({ full: 10, ci: 3 });
const connections = 10;
const targetRate = 500;
const targetP99Ms = 20;

/** One run's figures under a name, printed and written to reports/proof/. */
function record(name: string, figures: LoadFigures, rate: number | 'max', targetMet?: boolean): void {
  recordFigures(name, {
    rate,
    connections,
    seconds: durationSeconds,
    req_per_s: figures.requestsPerSecond,
    p50_ms: figures.p50,
    p99_ms: figures.p99,
    requests: figures.requests,
    non2xx: figures.non2xx,
    errors: figures.errors,
    ...(targetMet === undefined ? {} : { target_met: targetMet }),
  });
}

async function prepare(server: ServerProcess) {
  const token = await signIn(server.url, demoCustomer);
  const licence = licenceWithRoom(await ownLicences(server.url, token), connections);
  if (!licence)
    throw new Error(`The demo customer has no active licence with room for ${connections} sites.`);
  // A short unmeasured run: the first requests pay for JIT compilation and the pool's connections.
  await runLoadMix({ url: server.url, token, licence, durationSeconds: 1, connections });
  return { token, licence };
}

/** Every answer of the mix is meant to be 2xx: a refusal is a failure, listed by call and status. */
function expectAllAnswered(figures: LoadFigures): void {
  expect(figures.refusals).toEqual({});
  expect(figures.non2xx).toBe(0);
  expect(figures.errors).toBe(0);
  expect(figures.requests).toBeGreaterThan(0);
}

describe('load on PGlite (the embedded default)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ port: await freePort() });
  });
  afterAll(() => server?.stop());

  it('answers the mixed customer calls as fast as it can, every answer 2xx', async () => {
    const session = await prepare(server);
    const figures = await runLoadMix({ url: server.url, ...session, durationSeconds, connections });
    record('load-pglite-max', figures, 'max');
    expectAllAnswered(figures);
  });
});

const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl) {
  process.stdout.write('proof load-postgres: skipped, DATABASE_URL is not set (npm run proof sets it)\n');
}

describe.skipIf(!postgresUrl)('load on PostgreSQL', () => {
  let database: ProofDatabase;
  let server: ServerProcess;
  let session: Awaited<ReturnType<typeof prepare>>;
  beforeAll(async () => {
    database = await createProofDatabase(postgresUrl ?? '');
    server = await startServerProcess({ port: await freePort(), env: { DATABASE_URL: database.url } });
    session = await prepare(server);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('answers the mixed customer calls as fast as it can, every answer 2xx', async () => {
    const figures = await runLoadMix({ url: server.url, ...session, durationSeconds, connections });
    record('load-postgres-max', figures, 'max');
    expectAllAnswered(figures);
  });

  it(`holds p99 ≤ ${targetP99Ms} ms at a fixed ${targetRate} req/s`, async () => {
    const figures = await runLoadMix({
      url: server.url,
      ...session,
      durationSeconds,
      connections,
      overallRate: targetRate,
    });
    // Held: autocannon sends no faster than asked, so fewer requests means the server fell behind.
    const rateHeld = figures.requests >= targetRate * durationSeconds * 0.9;
    const targetMet = rateHeld && figures.p99 <= targetP99Ms;
    record('load-postgres-500', figures, targetRate, targetMet);
    expectAllAnswered(figures);
    // The latency target is judged at the full scale (`npm run proof`, 10 s runs). The short CI run
    // inside `npm test` shares its machine with the rest of the suite: it records the figures only.
    if (proofScale === 'full') {
      expect(rateHeld, `${figures.requests} requests in ${durationSeconds} s`).toBe(true);
      expect(figures.p99).toBeLessThanOrEqual(targetP99Ms);
    }
  });
});
