import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Manager } from '../../widgets/manager/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';
import { dark, narrow } from '../support/variants';

const users = Array.from({ length: 20 }, (_, i) => ({
  user_id: i + 1,
  name: `Customer ${i + 1}`,
  email: `customer${i + 1}@example.com`,
  can_switch: true,
}));

const orders = Array.from({ length: 6 }, (_, i) => ({
  ID: 1000 + i,
  number: String(1000 + i),
  email: `customer${i + 1}@example.com`,
  gateway: i % 2 ? 'stripe' : 'paypalexpress',
  status: 'complete',
  products: [{ name: 'Blocks Plugin', price_name: '5 Sites' }],
  transaction_id: `txn_${1000 + i}`,
  total: 149,
  date: '2026-11-20T10:00:00Z',
}));

/** A pretend staff API: users (with the total header) and orders, or one answer for every call. */
const staffApi = (override?: FixtureReply) =>
  fixtureApi((url) => {
    if (override) return override;
    if (url.pathname.endsWith('/orders')) return { body: { orders, sales: { count: 6, total: 894 } } };
    return { body: { users }, headers: { 'X-WP-Total': '47' } };
  });

const meta = {
  title: 'Elements/vendor-manager',
  component: Manager,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-manager' },
    docs: {
      description: {
        component: 'Shop manager: users (search, 20 per page, Switch to user) and orders.',
      },
    },
  },
} satisfies Meta<typeof Manager>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Users: Story = { args: { apiBase: staffApi() } };

export const Orders: Story = { args: { apiBase: staffApi(), tab: 'orders' } };

export const Empty: Story = {
  args: { apiBase: staffApi({ body: { users: [] }, headers: { 'X-WP-Total': '0' } }) },
};

export const Loading: Story = { args: { apiBase: staffApi('pending') } };

export const Failed: Story = {
  args: { apiBase: staffApi({ status: 500, body: { code: 'internal_server_error', message: 'boom' } }) },
};

export const Dark: Story = dark(Users);
export const Narrow: Story = narrow(Users);
