import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { newsPosts } from '../../test/fixtures/news';
import { News } from '../../widgets/news/react';
import { fixtureApi } from '../support/fixture-api';
import { dark, narrow } from '../support/variants';

const filled = () =>
  fixtureApi(() => ({ body: newsPosts, headers: { 'X-WP-Total': '3', 'X-WP-TotalPages': '1' } }));

const meta = {
  title: 'Elements/vendor-news',
  component: News,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-news' },
    docs: {
      description: {
        component: 'Latest news, 3 posts newest first.',
      },
    },
  },
} satisfies Meta<typeof News>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = { args: { apiBase: filled() } };

export const Loading: Story = { args: { apiBase: fixtureApi(() => 'pending') } };

export const Failed: Story = {
  args: { apiBase: fixtureApi(() => ({ status: 500, body: { code: 'internal_server_error' } })) },
};

export const Empty: Story = {
  args: {
    apiBase: fixtureApi(() => ({ body: [], headers: { 'X-WP-Total': '0', 'X-WP-TotalPages': '0' } })),
  },
};

export const ManyPages: Story = {
  args: {
    apiBase: fixtureApi(() => ({ body: newsPosts, headers: { 'X-WP-Total': '9', 'X-WP-TotalPages': '3' } })),
  },
};

export const Dark: Story = dark(Filled);
export const Narrow: Story = narrow(Filled);
