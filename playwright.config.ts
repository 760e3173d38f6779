import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { testServerEnv } from './test/support/server-env';
import { chromiumArgs, chromiumPath } from './vite.shared';

/**
 * End-to-end tests: the real server (built widgets, a fresh PGlite database in a temp directory) on
 * 127.0.0.1, driven by Debian's Chromium. `npm run build` must have run first (`npm test` does).
 */
const port = Number(process.env.E2E_PORT ?? 18_181);
const baseURL = `http://127.0.0.1:${port}`;
// `npm test` runs the fault sweeps (mostly waiting: stalls, request-count windows) in a second run beside
// the rest, each with its own server and database: E2E_PART=sweeps or rest; unset runs every spec.
const part = process.env.E2E_PART;
const sweeps = /fault-sweep.*\.spec\.ts$/;

export default defineConfig({
  testDir: 'test/e2e',
  ...(part === 'sweeps' ? { testMatch: sweeps } : part === 'rest' ? { testIgnore: sweeps } : {}),
  outputDir: part ? `test-results/${part}` : 'test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: `reports/tests/e2e${part ? `-${part}` : ''}.json` }]],
  use: {
    baseURL,
    trace: 'off',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
    env: testServerEnv(port, mkdtempSync(join(tmpdir(), 'vendor-e2e-'))),
  },
});
