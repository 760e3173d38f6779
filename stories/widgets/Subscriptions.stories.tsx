import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { subscriptions } from '../../test/fixtures/purchases';
import { Subscriptions } from '../../widgets/subscriptions/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';
import { clickInShadow } from '../support/shadow';
import { dark, narrow } from '../support/variants';

/** A pretend API answering every call with `list` (the stories never confirm a change). */
const api = (list: FixtureReply) => fixtureApi(() => list);

const failed: FixtureReply = { status: 500, body: { code: 'internal_server_error', message: 'boom' } };

const meta = {
  title: 'Elements/vendor-subscriptions',
  component: Subscriptions,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-subscriptions' },
    docs: {
      description: {
        component: "The customer's subscriptions with Cancel (and Reactivate) behind a yes/no question.",
      },
    },
  },
} satisfies Meta<typeof Subscriptions>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = { args: { apiBase: api({ body: subscriptions }) } };

export const Loading: Story = { args: { apiBase: api('pending') } };

export const Empty: Story = { args: { apiBase: api({ body: [] }) } };

export const Failed: Story = { args: { apiBase: api(failed) } };

/** The confirm question opens as a modal dialog: in a frame of its own on the docs page (see UI/Modal). */
const ownFrame = { docs: { story: { inline: false, iframeHeight: 480 } } };

export const ConfirmCancel: Story = {
  args: { apiBase: api({ body: subscriptions }) },
  parameters: ownFrame,
  play: clickInShadow('Cancel'),
};

export const ConfirmReactivate: Story = {
  args: { apiBase: api({ body: subscriptions }) },
  parameters: ownFrame,
  play: clickInShadow('Reactivate'),
};

export const Dark: Story = dark(Filled);
export const Narrow: Story = narrow(Filled);
