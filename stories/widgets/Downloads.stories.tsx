import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { bundle, downloadItem } from '../../test/fixtures/licences';
import { Downloads } from '../../widgets/downloads/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';
import { dark, narrow } from '../support/variants';

const pro = [
  downloadItem('Addons Plugin', 4372),
  { ...downloadItem('Agency Bundle', 474227), downloads: bundle.downloads },
];
const reply = (downloads: FixtureReply) => fixtureApi(() => downloads);

const meta = {
  title: 'Elements/vendor-downloads',
  component: Downloads,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-downloads' },
    docs: {
      description: {
        component: "PRO downloads, the 12 free downloads, and (view 'landing') the public download landing.",
      },
    },
  },
} satisfies Meta<typeof Downloads>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = { args: { apiBase: reply({ body: pro }) } };
export const Loading: Story = { args: { apiBase: reply('pending') } };
export const Empty: Story = { args: { apiBase: reply({ body: [] }) } };
export const Failed: Story = {
  args: { apiBase: reply({ status: 500, body: { code: 'internal_server_error' } }) },
};
export const LandingDownloading: Story = {
  args: { apiBase: reply('pending'), view: 'landing', signature: 'sig.mac', downloadName: 'Blocks Plugin' },
};
export const LandingRefused: Story = {
  args: {
    apiBase: reply({ status: 403, body: { code: 'invalid_signature', message: 'expired' } }),
    view: 'landing',
    signature: 'tampered',
    downloadName: 'Blocks Plugin',
  },
};

export const Dark: Story = dark(Filled);
export const Narrow: Story = narrow(Filled);
