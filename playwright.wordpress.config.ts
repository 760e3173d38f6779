import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { testServerEnv } from './test/support/server-env';
import { storeUrl, wordpressUrl, wordpressWorkDir } from './test/wordpress/support/site';
import { chromiumArgs, chromiumPath } from './vite.shared';

/**
 * The WordPress tests (issue 29): the real server as in playwright.config.ts, and beside it a real
 * WordPress (test/wordpress/serve.sh: Debian's WordPress and PHP, MariaDB, php -S) whose pages embed the
 * elements and whose example plugin licenses and updates itself against that server. The server allows
 * the WordPress origin (ALLOWED_ORIGINS) and signs licences with a key made for this run, whose public
 * half the site is given. `npm run build` must have run first.
 */
const port = Number(process.env.E2E_PORT ?? 18_181);
// Read by the web servers only, which start once in the main process.
const signingKey = randomBytes(32).toString('hex');

export default defineConfig({
  testDir: 'test/wordpress',
  // Not test-results/ itself, which Playwright empties at the start: the end-to-end run's screenshots live there.
  outputDir: 'test-results/wordpress',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/tests/wordpress.json' }]],
  use: {
    baseURL: wordpressUrl,
    trace: 'off',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'npx tsx server/main.ts',
      url: `${storeUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      env: {
        // In memory: nothing to clean up, and a fresh database every run.
        ...testServerEnv(port, 'memory://'),
        ALLOWED_ORIGINS: wordpressUrl,
        LICENSING_SIGNING_KEY: signingKey,
      },
    },
    {
      command: 'bash test/wordpress/serve.sh',
      url: `${wordpressUrl}/wp-login.php`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      // Time for MariaDB to shut down and the site's files to go on a busy machine.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      env: {
        WP_PORT: String(port + 1),
        WP_WORK_DIR: wordpressWorkDir,
        STORE_URL: storeUrl,
        LICENSING_SIGNING_KEY: signingKey,
      },
    },
  ],
});
