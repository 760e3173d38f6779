import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { pruneSessions } from './auth/sessions';
import { startBillingLoop } from './billing/loop';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db';
import { allowedOriginsWithDemo, openDemoOrigin } from './demo-origin';
import type { StaticPaths } from './http/app-env';
import { backgroundTasks } from './http/background';
import { pruneRateLimits } from './http/rate-limit';
import { consoleLogger, type Logger } from './logger';
import { createMailer } from './mail/mailer';
import { cardGatewaysFromEnv } from './payments/cards/select';
import { seedDatabase } from './seed';
import { demoAccounts } from './seed/demo-accounts';

const serverDir = dirname(fileURLToPath(import.meta.url));
const rootDir = resolve(serverDir, '..');

export const defaultPaths: StaticPaths = {
  widgetsDir: resolve(rootDir, 'dist/widgets'),
  portalHtml: resolve(rootDir, 'portal/index.html'),
  demoHtml: resolve(rootDir, 'demo/index.html'),
  assetsDir: resolve(serverDir, 'assets'),
  docsDir: resolve(rootDir, 'dist/docs'),
};

export interface StartOptions extends Partial<Config> {
  logger?: Logger;
  paths?: Partial<StaticPaths>;
}

export interface RunningServer {
  /** Where the server listens, e.g. http://127.0.0.1:8080. */
  url: string;
  config: Config;
  /** Stops accepting connections, lets requests in flight finish (up to 10 s) and closes the database. */
  close(): Promise<void>;
}

const drainTimeoutMs = 10_000;
const maintenanceEveryMs = 10 * 60 * 1000;

function urlFor(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/**
 * Opens (and migrates, and seeds) the database, then listens. Options override the environment's
 * configuration; `port: 0` picks a free port. Used by main below and by end-to-end tests.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const { logger = consoleLogger, paths, ...overrides } = options;
  const config: Config = { ...loadConfig(), ...overrides };
  const handle = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    await seedDatabase(handle.db, { demo: config.seedDemoData });
  } catch (error) {
    await handle.close();
    throw error;
  }

  let publicOrigin = config.publicUrl;
  const background = backgroundTasks(logger);
  const mailer = createMailer(config, handle.db);
  const app = createApp({
    db: handle.db,
    config,
    logger,
    mailer,
    paths: { ...defaultPaths, ...paths },
    publicOrigin: () => publicOrigin,
    background,
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolveListening, rejectListening) => {
    const listening = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolveListening(listening),
    );
    listening.once('error', rejectListening);
  }).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const url = urlFor(config.host, port);
  publicOrigin ??= url;

  const maintenance = setInterval(() => {
    Promise.all([pruneSessions(handle.db), pruneRateLimits(handle.db)]).catch((error: unknown) =>
      logger.error('maintenance failed', { error }),
    );
  }, maintenanceEveryMs);
  maintenance.unref();
  // Renewals, instalments and retries: every process runs them, the database's claims share them out.
  const stopBilling =
    config.billing.intervalSeconds > 0
      ? startBillingLoop(
          {
            db: handle.db,
            mailer,
            logger,
            cards: cardGatewaysFromEnv(),
            settings: config.billing,
            origin: publicOrigin ?? url,
          },
          config.billing.intervalSeconds * 1000,
        )
      : () => {};

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      clearInterval(maintenance);
      stopBilling();
      await new Promise<void>((done) => {
        const force = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, drainTimeoutMs);
        server.close(() => {
          clearTimeout(force);
          done();
        });
        // Keep-alive connections with no request in flight would otherwise hold close() open.
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      // Mail still being sent after its answer needs the database.
      await background.idle();
      await handle.close();
    })();
    return closing;
  };

  return { url, config, close };
}

function printBanner(running: RunningServer): void {
  const base = running.config.publicUrl ?? running.url;
  const lines = [
    '',
    `Vendor portal reference server: ${base}/`,
    `  portal ${base}/   demo page ${base}/demo/   API ${base}/api/v1   health ${base}/healthz`,
  ];
  if (running.config.devOutbox) lines.push(`  outbox (mail is not sent in development) ${base}/dev/outbox`);
  if (running.config.seedDemoData) {
    lines.push('', 'Demo accounts (sign in with the e-mail or the user name):');
    const width = Math.max(...demoAccounts.map((a) => a.email.length));
    const roleWidth = Math.max(...demoAccounts.map((a) => a.role.length));
    for (const account of demoAccounts) {
      lines.push(
        `  ${account.role.padEnd(roleWidth)}  ${account.email.padEnd(width)}  ${account.password.padEnd(16)} ${account.note}`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

async function main(): Promise<void> {
  let running: RunningServer;
  try {
    running = await startServer({ allowedOrigins: allowedOriginsWithDemo(loadConfig()) });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(
        `Configuration error: ${error.message}\nSee server/README.md for the variables.\n`,
      );
    } else {
      consoleLogger.error('server failed to start', { error });
    }
    process.exit(1);
  }
  printBanner(running);
  const demo = await openDemoOrigin(running, consoleLogger);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A second signal means "now": skip the drain.
      process.exit(1);
    }
    stopping = true;
    consoleLogger.info('shutting down', { signal });
    Promise.all([running.close(), demo?.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        consoleLogger.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
