import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../vite.shared';

/** The React host check: the built app (test/react-host/dist) in Debian's Chromium. run.sh builds it first. */
export default defineConfig({
  testDir: '.',
  testMatch: 'react-host.spec.ts',
  // Playwright's default is the package's test-results/, which it empties: the end-to-end run's screenshots.
  outputDir: '../../test-results/react-host',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../../reports/tests/react-host.json' }]],
  use: { trace: 'off', launchOptions: { executablePath: chromiumPath, args: chromiumArgs } },
});
