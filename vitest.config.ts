import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, chromiumPath, compatAliases } from './vite.shared';

/**
 * Three projects: `unit` (stores, schemas, formatters, views in happy-dom), `browser` (the real custom
 * elements in Chromium, rendered by preact/compat exactly as they ship) and `server` (the reference
 * server in Node, on PGlite, or on PostgreSQL when DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: [
            'shared/**/*.test.{ts,tsx}',
            'widgets/**/*.test.{ts,tsx}',
            'portal/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'test/build/**/*.test.ts',
            'test/perf/**/*.test.ts',
          ],
          exclude: ['**/*.browser.test.{ts,tsx}', '**/node_modules/**'],
        },
      },
      {
        resolve: { alias: compatAliases },
        optimizeDeps: { include: ['preact', 'preact/hooks', 'preact/compat', 'preact/compat/jsx-runtime'] },
        test: {
          name: 'browser',
          include: ['**/*.browser.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // The demo data seeded once for the run; each test app copies it.
          globalSetup: ['server/test-support/seeded-template.ts'],
          // As long as a hook's: 54 tests build and seed an app of their own inside the test, which on
          // a loaded 2-core machine took over 30 s once (password-reset's rate-limit test in CI).
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One PGlite or PostgreSQL database per file; files run one after the other to stay in 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
