import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tabs } from '../../shared/ui';
import { dark, inElement } from './frame';

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  decorators: [inElement],
  args: {
    label: 'Profile sections',
    items: [
      {
        id: 'profile',
        label: 'Profile',
        content: <p>First name, last name, display name, primary email.</p>,
      },
      { id: 'billing', label: 'Billing & Payment Methods', content: <p>Billing address and saved cards.</p> },
      { id: 'security', label: 'Password & Security', content: <p>Two-Factor Authentication Methods</p> },
    ],
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Profile: Story = {};
export const SecondTabActive: Story = { args: { defaultValue: 'billing' } };
export const WithDisabledTab: Story = {
  args: {
    label: 'Affiliate',
    items: [
      { id: 'url', label: 'Affiliate Url', content: <p>Referral URL generator.</p> },
      { id: 'referrals', label: 'Referrals', content: <p>Referrals table.</p> },
      { id: 'graph', label: 'Graph', content: <p>Static sample.</p>, disabled: true },
      { id: 'payouts', label: 'Payouts', content: <p>Payouts table.</p> },
    ],
  },
};
export const Dark: Story = { parameters: dark };
