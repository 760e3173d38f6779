import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook renders the React edition of each view (real React) with fixtures served by a fetch stub. */
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
};

export default config;
