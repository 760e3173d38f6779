import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster of the proof suite's own: initdb in a temporary directory, listening on
 * 127.0.0.1 only, trust authentication, removed on destroy. The faults proof stops and starts it while a
 * server is using it, which a shared database could not allow.
 */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** Stops the server (fast shutdown: open connections are ended, as in a real restart). */
  stop(): Promise<void>;
  /** Starts it again on the same data directory and port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it if running and deletes its directory. */
  destroy(): Promise<void>;
}

const installRoot = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin directory (Debian layout), or null when none is installed. */
export function postgresBinDir(): string | null {
  if (!existsSync(installRoot)) return null;
  const versions = readdirSync(installRoot)
    .filter((version) => existsSync(join(installRoot, version, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? null : join(installRoot, newest, 'bin');
}

/**
 * PostgreSQL refuses to run as root: as root the binaries run as the `postgres` system user (as CI
 * does with `su postgres`), otherwise as whoever runs the tests.
 */
function serverAccount(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'postgres');
  if (!entry) throw new Error('Running as root, but there is no postgres user to run PostgreSQL as.');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

export async function createPostgresCluster(port: number): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('No PostgreSQL binaries are installed.');
  const account = serverAccount();
  const dir = await mkdtemp(join(tmpdir(), 'vendor-proof-pg-'));
  if (account) await chown(dir, account.uid, account.gid);
  const dataDir = join(dir, 'data');
  const asServer = (tool: string, args: string[]) =>
    run(join(bin, tool), args, { ...(account ?? {}), cwd: dir, timeout: 60_000 });

  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  let running = false;
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await asServer('pg_ctl', ['-D', dataDir, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
      running = true;
    },
    async stop() {
      await asServer('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await cluster.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await asServer('initdb', ['-A', 'trust', '-U', 'postgres', '-D', dataDir]);
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}
