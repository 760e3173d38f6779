import type { Meta, StoryObj } from '@storybook/react-vite';
import { newsPosts } from '../../test/fixtures/news';
import { News } from '../../widgets/news/react';
import { fixtureApi } from '../support/fixture-api';

const filled = () =>
  fixtureApi(() => ({ body: newsPosts, headers: { 'X-WP-Total': '3', 'X-WP-TotalPages': '1' } }));

const meta = {
  title: 'Elements/vendor-news',
  component: News,
  parameters: {
    docs: {
      description: {
        component:
          'Latest news, 3 posts newest first. Paste: `<script type="module" src="/widgets/loader.js"></script>` then `<vendor-news api-base="https://portal.example.com/api/v1"></vendor-news>`.',
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

export const Dark: Story = {
  args: { apiBase: filled(), theme: 'dark' },
  parameters: { backgrounds: { default: 'dark' } },
};

export const Narrow: Story = {
  args: { apiBase: filled() },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
};
