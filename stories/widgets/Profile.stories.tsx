import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { countries, profile, usStates } from '../../test/fixtures/profile';
import { Profile } from '../../widgets/profile/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';
import { dark, narrow } from '../support/variants';

/** A pretend API for the profile: the profile, countries and states; changes are not kept. */
const profileApi = (profileReply: FixtureReply) =>
  fixtureApi((url) => {
    if (url.pathname.endsWith('/countries')) return { body: countries };
    if (url.pathname.endsWith('/states')) return { body: usStates };
    return profileReply;
  });

const meta = {
  title: 'Elements/vendor-profile',
  component: Profile,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-profile' },
    docs: {
      description: {
        component: 'Profile, Billing & Payment Methods, Password & Security.',
      },
    },
  },
} satisfies Meta<typeof Profile>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ProfileTab: Story = { args: { apiBase: profileApi({ body: profile }) } };

export const BillingTab: Story = { args: { apiBase: profileApi({ body: profile }), tab: 'billing' } };

export const BillingNoCards: Story = {
  args: { apiBase: profileApi({ body: { ...profile, cards: [] } }), tab: 'billing' },
};

export const SecurityTab: Story = { args: { apiBase: profileApi({ body: profile }), tab: 'security' } };

export const Loading: Story = { args: { apiBase: profileApi('pending') } };

export const Failed: Story = {
  args: { apiBase: profileApi({ status: 500, body: { code: 'internal_server_error', message: 'boom' } }) },
};

export const Dark: Story = dark(ProfileTab);
export const Narrow: Story = narrow(ProfileTab);
