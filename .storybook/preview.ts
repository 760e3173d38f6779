import type { Preview } from '@storybook/react-vite';
import { ElementPage } from './docs/ElementPage';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    // Every story is a test (vitest.storybook.config.ts): an axe violation fails it.
    a11y: { test: 'error' },
    docs: { page: ElementPage },
  },
  tags: ['autodocs'],
};

export default preview;
