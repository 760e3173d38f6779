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

export default defineConfig({
  testDir: 'test/e2e',
  // Its own folder: Playwright empties a run's folder first, and the WordPress and React host runs that
  // follow have their own, so the layout sweep's screenshots are still there after `npm test`.
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/tests/e2e.json' }]],
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
