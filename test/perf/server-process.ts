import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PerfServer {
  /** e.g. http://127.0.0.1:18301 */
  url: string;
  stop(): Promise<void>;
}

const startTimeoutMs = 90_000;

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url}/healthz within ${startTimeoutMs / 1000} s`);
}

/**
 * The server as production runs it (NODE_ENV=production, the built widgets in dist/, no dev outbox),
 * in its own process on a throwaway database. Production refuses to start without SMTP_URL: mail is
 * never sent during the audit, so an address nobody listens on is enough, and SECRETS_KEY. The demo accounts are seeded
 * on purpose (production leaves them out) so the dashboard can be audited signed in.
 */
export async function startPerfServer(port: number): Promise<PerfServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendor-perf-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      SMTP_URL: 'smtp://127.0.0.1:9',
      // A fresh key per run: the throwaway database's 2FA secrets are never read again.
      SECRETS_KEY: randomBytes(32).toString('base64'),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
