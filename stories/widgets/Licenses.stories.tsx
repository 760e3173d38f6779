import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { license, products, purchase, upgrades } from '../../test/fixtures/licences';
import { Licenses } from '../../widgets/licenses/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';
import { signedIn } from '../support/session';
import { dark, narrow } from '../support/variants';

/** A pretend API: each call of the element answered by path (after /api/v1). */
const api = (replies: Record<string, FixtureReply>) =>
  fixtureApi((url) => replies[url.pathname.replace(/^.*\/api\/v1/, '')] ?? { status: 404, body: {} });

const failed: FixtureReply = { status: 500, body: { code: 'internal_server_error', message: 'boom' } };
const list: FixtureReply = { body: products, headers: { 'X-WP-Total': '4', 'X-WP-TotalPages': '1' } };

const meta = {
  title: 'Elements/vendor-licenses',
  component: Licenses,
  args: { onVendorEvent: fn() },
  // The element shows products to a signed-in visitor only; the stories stand for one.
  decorators: [signedIn],
  parameters: {
    element: { tag: 'vendor-licenses' },
    docs: {
      description: {
        component: 'My Products, Manage License, Manage Sites and Upgrade License.',
      },
    },
  },
} satisfies Meta<typeof Licenses>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Products: Story = { args: { apiBase: api({ '/products': list }) } };
export const ProductsLoading: Story = { args: { apiBase: fixtureApi(() => 'pending') } };
export const ProductsEmpty: Story = {
  args: { apiBase: api({ '/products': { body: [], headers: { 'X-WP-Total': '0' } } }) },
};
export const ProductsFailed: Story = { args: { apiBase: api({ '/products': failed }) } };
export const ManyPages: Story = {
  args: { apiBase: api({ '/products': { body: products, headers: { 'X-WP-Total': '45' } } }) },
};
export const Dashboard: Story = { args: { apiBase: api({ '/products': list }), limit: 3 } };

export const ManageLicense: Story = {
  args: { apiBase: api({ '/history': { body: purchase } }), view: 'manage-license', paymentId: 13 },
};
export const ManageLicenseEmpty: Story = {
  args: { apiBase: api({}), view: 'manage-license', paymentId: 99 },
};

export const ManageSites: Story = {
  args: {
    apiBase: api({
      '/history': { body: { ...purchase, licenses: [license(3, { limit: 5, activation_count: 1 })] } },
      '/site': {
        body: license(3, { limit: 5, activation_count: 2, sites: ['https://a.example', 'http://b.example'] }),
      },
    }),
    view: 'manage-sites',
    paymentId: 13,
  },
};
export const ManageSitesEmpty: Story = {
  args: {
    apiBase: api({
      '/history': { body: { ...purchase, licenses: [license(3, { activation_count: 0, sites: [] })] } },
    }),
    view: 'manage-sites',
    paymentId: 13,
  },
};
export const ManageSitesLimitReached: Story = {
  args: {
    apiBase: api({
      '/history': { body: { ...purchase, licenses: [license(3)] } },
      '/site': {
        status: 409,
        body: { code: 'activation_limit_reached', message: 'This license has reached its activation limit.' },
      },
    }),
    view: 'manage-sites',
    paymentId: 13,
  },
};

export const Upgrades: Story = {
  args: { apiBase: api({ '/upgrades': { body: upgrades } }), view: 'upgrades', licenseId: 4 },
};
export const UpgradesEmpty: Story = {
  args: { apiBase: api({ '/upgrades': { body: [] } }), view: 'upgrades', licenseId: 4 },
};
export const UpgradesFailed: Story = {
  args: { apiBase: api({ '/upgrades': failed }), view: 'upgrades', licenseId: 4 },
};

export const Dark: Story = dark(Products);
export const Narrow: Story = narrow(Products);
