import type { Meta, StoryObj } from '@storybook/react-vite';
import { copyMessages } from '../../shared/api/messages';
import { CopyButton } from '../../shared/ui';
import { dark, inElement } from './frame';

const meta = {
  title: 'UI/CopyButton',
  component: CopyButton,
  decorators: [inElement],
  args: { value: '5f1c0e9a7b2d4c11', confirmation: copyMessages.licenseKey, children: 'Copy' },
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LicenceKey: Story = {};
export const AffiliateUrl: Story = {
  args: { value: 'https://example.com/?ref=42', confirmation: copyMessages.affiliateUrl, variant: 'primary' },
};
export const RecoveryCode: Story = {
  args: { value: 'abcd-efgh', confirmation: copyMessages.code, children: 'Copy code' },
};
export const Dark: Story = { parameters: dark };
