import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proofScale, recordFigures, scaled } from './support/figures';
import { demoCustomer, licencesWithRoom, moreDemoLicences, ownLicences, signIn } from './support/load-api';
import { type LoadFigures, type LoadLicence, runLoadMix } from './support/load-mix';
import { createProofDatabase, type ProofDatabase } from './support/postgres-database';
import { cpuMilliseconds, machineFigures } from './support/server-process-cpu';
import { freePort } from './support/server-process-ports';
import { type ServerProcess, startServerProcess } from './support/server-process-spawn';

/*
 * Issue #16 load: the mixed customer calls against a production start (NODE_ENV=production, the built
 * widgets in dist/, a temporary DATA_DIR), in a child process so the load generator (autocannon, in
 * this process) and the server do not share an event loop. Bounded runs on 127.0.0.1, once on the
 * embedded PGlite and once on PostgreSQL (DATABASE_URL), where the target is p99 ≤ 20 ms at 500 req/s
 * arriving paced over each second (support/load-mix.ts pacedRun); the same rate in autocannon's bursts
 * is recorded beside it. On PostgreSQL each connection adds its sites to a licence of its own (copies of
 * the demo customer's, written to the database), as real traffic's sites belong to different licences;
 * on PGlite, whose data directory the server owns, the connections share the demo customer's licences
 * that have room for all of them.
 */

const durationSeconds = scaled({ full: 10, ci: 3 });
const connections = 10;
const targetRate = 500;
const targetP99Ms = 20;

type Session = Awaited<ReturnType<typeof prepare>>;

/** Signs the demo customer in and warms the server up on the licences the mix will use. */
async function prepare(server: ServerProcess, given?: LoadLicence[]) {
  const token = await signIn(server.url, demoCustomer);
  const licences = given ?? licencesWithRoom(await ownLicences(server.url, token), connections);
  if (licences.length === 0)
    throw new Error(`The demo customer has no active licence with room for ${connections} sites.`);
  // A short unmeasured run: the first requests pay for JIT compilation and the pool's connections.
  await runLoadMix({ url: server.url, token, licences, durationSeconds: 1, connections });
  return { token, licences };
}

/**
 * One bounded run, printed and written to reports/proof/<name>.json with what puts it in context: the
 * server's own CPU time per request (independent of how busy the machine was) and the machine's load.
 */
async function measure(
  name: string,
  server: ServerProcess,
  session: Session,
  overallRate?: number,
  arrivals?: 'paced' | 'bursts',
) {
  const cpuBefore = cpuMilliseconds(server.pid);
  const figures = await runLoadMix({
    url: server.url,
    ...session,
    durationSeconds,
    connections,
    overallRate,
    arrivals,
  });
  const cpuAfter = cpuMilliseconds(server.pid);
  const cpuPerRequest =
    cpuBefore === null || cpuAfter === null || figures.requests === 0
      ? 'n/a'
      : Math.round(((cpuAfter - cpuBefore) / figures.requests) * 100) / 100;
  const rateHeld = overallRate === undefined || figures.requests >= overallRate * durationSeconds * 0.9;
  const targetMet = rateHeld && figures.p99 <= targetP99Ms;
  recordFigures(name, {
    rate: overallRate ?? 'max',
    ...(overallRate === undefined ? {} : { arrivals: arrivals ?? 'paced' }),
    connections,
    seconds: durationSeconds,
    req_per_s: figures.requestsPerSecond,
    p50_ms: figures.p50,
    p99_ms: figures.p99,
    requests: figures.requests,
    non2xx: figures.non2xx,
    errors: figures.errors,
    server_cpu_ms_per_req: cpuPerRequest,
    ...machineFigures(),
    ...(overallRate === undefined || arrivals === 'bursts' ? {} : { target_met: targetMet }),
  });
  return { figures, rateHeld };
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
    const { figures } = await measure('load-pglite-max', server, await prepare(server));
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
  let session: Session;
  beforeAll(async () => {
    database = await createProofDatabase(postgresUrl ?? '');
    server = await startServerProcess({ port: await freePort(), env: { DATABASE_URL: database.url } });
    session = await prepare(server, await moreDemoLicences(database, connections));
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('answers the mixed customer calls as fast as it can, every answer 2xx', async () => {
    const { figures } = await measure('load-postgres-max', server, session);
    expectAllAnswered(figures);
  });

  it(`holds p99 ≤ ${targetP99Ms} ms at a fixed ${targetRate} req/s`, async () => {
    const { figures, rateHeld } = await measure('load-postgres-500', server, session, targetRate);
    expectAllAnswered(figures);
    // The latency target is judged at the full scale (`npm run proof`, 10 s runs). The short CI run
    // inside `npm test` shares its machine with the rest of the suite: it records the figures only.
    if (proofScale === 'full') {
      // Held: autocannon sends no faster than asked, so fewer requests means the server fell behind.
      expect(rateHeld, `${figures.requests} requests in ${durationSeconds} s`).toBe(true);
      expect(figures.p99).toBeLessThanOrEqual(targetP99Ms);
    }
  });

  it(`answers ${targetRate} req/s sent in bursts at the top of each second (recorded, not judged)`, async () => {
    // autocannon's own fixed rate: every connection sends its quota for the second at once. Twice the
    // rate half of the time: a figure for how the server takes bursts, next to the paced target above.
    const { figures } = await measure('load-postgres-500-bursts', server, session, targetRate, 'bursts');
    expectAllAnswered(figures);
  });
});
