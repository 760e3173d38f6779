import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle } from '../db';
import { type BackgroundTasks, backgroundTasks } from '../http/background';
import { memoryLogger } from '../logger';
import { createMailer } from '../mail/mailer';
import { defaultPaths } from '../main';
import { createSeededTestDatabase } from './database';

export type ConfigOverrides = Partial<Omit<Config, 'session' | 'signInRateLimit'>> & {
  session?: Partial<Config['session']>;
  signInRateLimit?: Partial<Config['signInRateLimit']>;
};

/** A widget directory shaped like the build's: stable entry names and hashed chunks. */
async function fakeWidgets(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vendor-widgets-'));
  await mkdir(join(dir, 'chunks'));
  await writeFile(join(dir, 'loader.js'), 'export {};\n');
  await writeFile(join(dir, 'vendor.js'), 'export {};\n');
  await writeFile(join(dir, 'chunks', 'runtime-Ab3dE9_x.js'), 'export const runtime = 1;\n');
  return dir;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  handle: DatabaseHandle;
  config: Config;
  logger: ReturnType<typeof memoryLogger>;
  /** The work the app does after answering (await `idle()` before reading what it wrote). */
  background: BackgroundTasks;
  close(): Promise<void>;
}

/** The app on its own seeded database, with the test environment's config plus overrides. */
export async function createTestApp(
  overrides: ConfigOverrides = {},
  options: { now?: () => Date } = {},
): Promise<TestApp> {
  const base = loadConfig({ NODE_ENV: 'test' });
  const config: Config = {
    ...base,
    ...overrides,
    session: { ...base.session, ...overrides.session },
    signInRateLimit: { ...base.signInRateLimit, ...overrides.signInRateLimit },
  };
  const handle = await createSeededTestDatabase();
  const logger = memoryLogger();
  const background = backgroundTasks(logger);
  const app = createApp({
    db: handle.db,
    config,
    logger,
    mailer: createMailer(config, handle.db),
    paths: { ...defaultPaths, widgetsDir: await fakeWidgets() },
    publicOrigin: () => config.publicUrl,
    background,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    app,
    handle,
    config,
    logger,
    background,
    close: async () => {
      await background.idle();
      await handle.close();
    },
  };
}

export const jsonHeaders = { 'Content-Type': 'application/json' };

export async function signIn(app: TestApp['app'], username: string, password: string): Promise<string> {
  const response = await app.request('/api/v1/signin', {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string };
  return body.token;
}
