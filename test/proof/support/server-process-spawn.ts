import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/**
 * The reference server as a real child process, started exactly as `npm start` runs it after the build
 * (`tsx server/main.ts`, with the environment below), so that a proof measures and kills what would be
 * deployed, not an in-process copy sharing the test's event loop.
 */
export interface ServerProcess {
  url: string;
  port: number;
  /** The operating system's process id: the same one before and after a fault means no restart. */
  pid: number;
  /** The last lines the process printed (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM (graceful shutdown), then SIGKILL after 15 s; removes its temporary data directory. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  port: number;
  /** Variables on top of the production-like defaults below. */
  env?: Record<string, string>;
}

/** 32 random bytes: what `openssl rand -base64 32` gives an operator. */
export function randomSecretsKey(): string {
  return randomBytes(32).toString('base64');
}

const keptOutput = 64 * 1024;
const startTimeoutMs = 90_000;

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vendor-proof-data-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: dataDir,
    // Production refuses to start without somewhere to send mail; nothing under test sends any.
    SMTP_URL: 'smtp://127.0.0.1:9',
    SECRETS_KEY: randomSecretsKey(),
    // The proofs sign in with the demo accounts; never do this on a real database.
    SEED_DEMO_DATA: 'true',
    ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: rootDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keptOutput);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with ${child.exitCode} before answering:\n${output}`);
    }
    const healthy = await fetch(`${url}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /healthz within ${startTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  return { url, port: options.port, pid: child.pid ?? 0, output: () => output, stop };
}
