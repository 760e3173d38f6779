import type { Meta, StoryObj } from '@storybook/react-vite';
import { Field } from '../../shared/ui';
import { dark, inElement } from './frame';

const meta = {
  title: 'UI/Field',
  component: Field,
  decorators: [inElement],
  args: { label: 'Fist name', children: <input name="first_name" maxLength={60} /> },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = {
  args: { label: 'Display name', hint: 'Shown in the header.', children: <input maxLength={100} /> },
};
export const WithError: Story = {
  args: {
    label: 'Email',
    required: true,
    error: 'Please enter a valid email',
    children: <input type="email" />,
  },
};
export const Textarea: Story = { args: { label: 'Message', children: <textarea rows={4} /> } };
export const NativeSelect: Story = {
  args: {
    label: 'Acquisition',
    children: (
      <select>
        <option>other</option>
        <option>search</option>
      </select>
    ),
  },
};
export const WithErrorDark: Story = { ...WithError, parameters: dark };
