import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { testServerEnv } from '../../support/server-env';

/**
 * A server of the spec's own beside the suite's: the same command and settings (testServerEnv) on
 * E2E_PORT + `offset`, with a fresh database, for a spec whose writes the other specs must not read
 * (a year of billing, an action swept fifty times). Registers the hooks that start and stop it and
 * points the spec's pages at it; returns its origin and environment.
 */
export function ownServer(offset: number, name: string): { origin: string; env: NodeJS.ProcessEnv } {
  const port = Number(process.env.E2E_PORT ?? 18_181) + offset;
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `vendor-e2e-${name}-`));
  const env: NodeJS.ProcessEnv = { ...process.env, ...testServerEnv(port, dataDir) };
  delete env.DATABASE_URL;
  let server: ChildProcess | null = null;

  test.use({ baseURL: origin });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: 'ignore' });
    await expect
      .poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status ?? 0, {
        message: `the ${name} server answers /healthz`,
        timeout: 110_000,
        intervals: [500],
      })
      .toBe(200);
  });
  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { origin, env };
}
