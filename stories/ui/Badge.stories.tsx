import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge, Skeleton } from '../../shared/ui';
import { dark, inElement } from './frame';

const meta = {
  title: 'UI/Badge',
  component: Badge,
  decorators: [inElement],
  args: { tone: 'success', children: 'Active' },
  argTypes: { tone: { control: 'inline-radio', options: ['success', 'warning', 'danger', 'neutral'] } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};
export const Warning: Story = { args: { tone: 'warning', children: 'Pending' } };
export const Danger: Story = { args: { tone: 'danger', children: 'Expired' } };
export const Neutral: Story = { args: { tone: 'neutral', children: 'Closed' } };

const all = (
  <>
    <Badge tone="success">Active</Badge>
    <Badge tone="warning">Pending</Badge>
    <Badge tone="danger">Expired</Badge>
    <Badge tone="neutral">Closed</Badge>
  </>
);

export const AllTones: Story = { render: () => all };
export const AllTonesDark: Story = { parameters: dark, render: () => all };

/** Skeleton blocks reserve the exact space of what they stand for. */
export const Skeletons: Story = {
  render: () => (
    <>
      <Skeleton width={240} height={20} />
      <Skeleton width={160} height={14} />
      <Skeleton width={48} height={48} circle />
    </>
  ),
};
export const SkeletonsDark: Story = { ...Skeletons, parameters: dark };
