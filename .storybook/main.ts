import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import type { Plugin } from 'vite';

const manifestPath = fileURLToPath(new URL('../dist/custom-elements.json', import.meta.url));
const manifestModule = 'virtual:custom-elements-manifest';

/**
 * `import manifest from 'virtual:custom-elements-manifest'`: dist/custom-elements.json as it was when the
 * docs were built (null before the first `npm run build`, and the pages say so instead of failing).
 */
function customElementsManifest(): Plugin {
  return {
    name: 'vendor-custom-elements-manifest',
    resolveId: (id) => (id === manifestModule ? `\0${manifestModule}` : undefined),
    load(id) {
      if (id !== `\0${manifestModule}`) return undefined;
      if (!existsSync(manifestPath)) return 'export default null;';
      this.addWatchFile(manifestPath);
      return `export default ${readFileSync(manifestPath, 'utf8')};`;
    },
  };
}

/** Storybook renders the React edition of each view (real React) with fixtures served by a fetch stub. */
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    plugins: [...(viteConfig.plugins ?? []), customElementsManifest()],
  }),
};

export default config;
