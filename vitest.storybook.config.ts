import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, chromiumPath } from './vite.shared';

/**
 * Every story is a test (`npm run test:stories`): the story renders in Chromium exactly as on the docs
 * site (real React, the fixture API), its `play` runs, and addon-a11y runs axe on the result; with
 * `a11y: { test: 'error' }` in .storybook/preview.ts any violation fails the story. Set up by hand, not
 * by the addon's wizard, because the wizard downloads a browser and this project drives the system one.
 */
export default defineConfig({
  plugins: [storybookTest({ configDir: fileURLToPath(new URL('./.storybook', import.meta.url)) })],
  test: {
    name: 'storybook',
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
        // axe reads colours at the instant it runs: a modal or toast half-way through its fade-in would
        // be measured as faint text. With reduced motion the elements (base.css) skip to the final frame.
        contextOptions: { reducedMotion: 'reduce' },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
