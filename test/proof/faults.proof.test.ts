import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFigures } from './support/figures';
import { demoCustomer, signIn } from './support/load-api';
import { createPostgresCluster, type PostgresCluster, postgresBinDir } from './support/postgres-cluster';
import { freePort, postgresPorts } from './support/server-process-ports';
import { type ServerProcess, startServerProcess } from './support/server-process-spawn';

/*
 * Issue #16 faults, produced for real: PostgreSQL (a cluster of this file's own) stopped and started
 * again under load, and a disk (a tmpfs of 2 MiB holding DATA_DIR) too small for an attachment.
 */

const unavailableBody = {
  status: 'service_unavailable',
  code: 'service_unavailable',
  message: 'The service is temporarily unavailable. Please try again in a moment.',
  data: { retry_after: 5 },
};

/** A 2 MiB tmpfs for DATA_DIR, or why there cannot be one here (mounting needs root on Linux). */
function mountSmallDisk(): { dir: string; unmount(): void } | string {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return 'mounting a tmpfs needs root on Linux';
  const dir = mkdtempSync(join(tmpdir(), 'vendor-proof-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `mount -t tmpfs failed (${(error as Error).message.split('\n')[0]})`;
  }
  return {
    dir,
    unmount() {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One answer seen by the load: when it was asked and answered, its status and body. */
interface Seen {
  at: number;
  answeredAt: number;
  status: number;
  body: unknown;
}

/**
 * Keeps `workers` signed-in clients calling `GET /history` back to back until stopped, recording every
 * answer (a refused connection would be status 0: the server process itself gave up).
 */
function keepCalling(url: string, token: string, workers: number) {
  const seen: Seen[] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      const at = Date.now();
      try {
        const answer = await fetch(`${url}/api/v1/history`, { headers: { 'X-WP-Nonce': token } });
        const body = await answer.json();
        seen.push({ at, answeredAt: Date.now(), status: answer.status, body });
      } catch {
        seen.push({ at, answeredAt: Date.now(), status: 0, body: null });
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    seen,
    async stop() {
      running = false;
      await done;
    },
  };
}

const pause = (ms: number) => new Promise((resume) => setTimeout(resume, ms));

const binaries = postgresBinDir();
if (!binaries) process.stdout.write('proof faults: skipped, PostgreSQL is not installed\n');

describe.skipIf(!binaries)('faults', () => {
  let cluster: PostgresCluster;
  let server: ServerProcess;
  let disk: ReturnType<typeof mountSmallDisk>;

  beforeAll(async () => {
    cluster = await createPostgresCluster(await freePort(postgresPorts));
    disk = mountSmallDisk();
    if (typeof disk === 'string') process.stdout.write(`proof faults-disk: skipped, ${disk}\n`);
    server = await startServerProcess({
      port: await freePort(),
      env: {
        DATABASE_URL: cluster.url,
        ...(typeof disk === 'string' ? {} : { DATA_DIR: disk.dir }),
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (disk && typeof disk !== 'string') disk.unmount();
    await cluster?.destroy();
  });

  it('answers 503 in the spec §8 shape while PostgreSQL restarts, then recovers without a restart', async () => {
    const token = await signIn(server.url, demoCustomer);
    const load = keepCalling(server.url, token, 4);
    await pause(1000);
    const stoppingAt = Date.now();
    await cluster.stop();
    const stoppedAt = Date.now();
    await pause(2000);
    const health = await fetch(`${server.url}/healthz`);
    const startedAt = Date.now();
    await cluster.start();
    const restartedAt = Date.now();
    // Until the first 200 after the restart, then two more seconds of normal service.
    while (!load.seen.some((answer) => answer.at >= restartedAt && answer.status === 200)) {
      if (Date.now() - restartedAt > 30_000) break;
      await pause(100);
    }
    const recoveredAt = load.seen.find((answer) => answer.at >= restartedAt && answer.status === 200)?.at;
    await pause(2000);
    await load.stop();

    // Answered before the stop began; asked and answered while it was down; asked once it was back.
    const before = load.seen.filter((answer) => answer.answeredAt < stoppingAt);
    const down = load.seen.filter((answer) => answer.at >= stoppedAt && answer.answeredAt < startedAt);
    const after = load.seen.filter((answer) => recoveredAt !== undefined && answer.at >= recoveredAt + 500);
    const unavailable = load.seen.filter((answer) => answer.status === 503);
    const other = load.seen.filter((answer) => answer.status !== 200 && answer.status !== 503);
    recordFigures('faults-postgres-restart', {
      requests: load.seen.length,
      ok: load.seen.filter((answer) => answer.status === 200).length,
      unavailable_503: unavailable.length,
      other_failures: other.length,
      recovery_ms: recoveredAt === undefined ? 'never' : recoveredAt - restartedAt,
    });

    expect(before.length).toBeGreaterThan(0);
    expect(before.every((answer) => answer.status === 200)).toBe(true);
    // While it is down: 503 with the clear message, never a 500 or a dropped connection.
    expect(down.length).toBeGreaterThan(0);
    expect(down.every((answer) => answer.status === 503)).toBe(true);
    expect(other).toEqual([]);
    for (const answer of unavailable) expect(answer.body).toEqual(unavailableBody);
    expect(health.status).toBe(503);
    // Back: the same process (no restart), the same session, every answer 200 again.
    expect(recoveredAt).toBeDefined();
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((answer) => answer.status === 200)).toBe(true);
    expect(server.output()).not.toContain('server failed');
    expect(() => process.kill(server.pid, 0)).not.toThrow();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('answers 507 to an attachment the disk has no room for, and leaves no partial file', async (context) => {
    if (typeof disk === 'string') return context.skip();
    const token = await signIn(server.url, demoCustomer);
    const attachments = join(disk.dir, 'ticket-attachments');
    const ticketCount = async () => {
      const answer = await fetch(`${server.url}/api/v1/tickets`, { headers: { 'X-WP-Nonce': token } });
      return ((await answer.json()) as { conversations: unknown[] }).conversations.length;
    };
    const upload = (bytes: number) => {
      const form = new FormData();
      form.set('subject', 'Log from the failing site');
      form.set('message', 'The full log is attached.');
      form.append('screenshots[]', new Blob(['a'.repeat(bytes)], { type: 'text/plain' }), 'debug.log');
      return fetch(`${server.url}/api/v1/tickets`, {
        method: 'POST',
        headers: { 'X-WP-Nonce': token },
        body: form,
      });
    };
    const ticketsBefore = await ticketCount();

    // 3 MiB: within the 10 MB attachment limit, beyond the 2 MiB disk.
    const refused = await upload(3 * 1024 * 1024);
    const body = await refused.json();
    const leftOver = readdirSync(attachments);
    const ticketsAfter = await ticketCount();
    const fits = await upload(1024);
    recordFigures('faults-disk-full', {
      disk_kib: 2048,
      upload_kib: 3072,
      status: refused.status,
      files_left: leftOver.length,
      tickets_added: ticketsAfter - ticketsBefore,
      small_upload_after: fits.status,
    });

    expect(refused.status).toBe(507);
    expect(body).toEqual({
      status: 'insufficient_storage',
      code: 'insufficient_storage',
      message: 'There is no room to store the attached files right now. Please try again later.',
      data: null,
    });
    expect(leftOver).toEqual([]);
    expect(ticketsAfter).toBe(ticketsBefore);
    // The server carries on: a file that fits is stored.
    expect(fits.status).toBe(201);
    expect(readdirSync(attachments)).toHaveLength(1);
  });
});
