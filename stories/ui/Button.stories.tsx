import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../../shared/ui';
import { dark, inElement } from './frame';

const meta = {
  title: 'UI/Button',
  component: Button,
  decorators: [inElement],
  args: { children: 'Add to Cart', onClick: fn() },
  argTypes: { variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger', 'link'] } },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Back to Login' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Deactivate Site' } };
export const Link: Story = { args: { variant: 'link', children: 'Browse All Posts' } };
export const Small: Story = { args: { size: 'small', children: 'View Threads' } };
export const Loading: Story = { args: { loading: true, children: 'Sending Password Reset Link...' } };
export const Disabled: Story = { args: { disabled: true, variant: 'secondary', children: 'No Upgrades' } };

export const AllVariantsDark: Story = {
  parameters: dark,
  render: (args) => (
    <>
      <Button {...args}>Add to Cart</Button>
      <Button {...args} variant="secondary">
        Back to Login
      </Button>
      <Button {...args} variant="danger">
        Deactivate Site
      </Button>
      <Button {...args} variant="link">
        Browse All Posts
      </Button>
      <Button {...args} loading>
        Generate
      </Button>
    </>
  ),
};
