import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Field, Select, type SelectOption } from '../../shared/ui';
import { dark, inElement } from './frame';

const countries: SelectOption[] = [
  { value: 'AT', label: 'Austria' },
  { value: 'BD', label: 'Bangladesh' },
  { value: 'CA', label: 'Canada' },
  { value: 'CI', label: "Côte d'Ivoire" },
  { value: 'FR', label: 'France' },
  { value: 'DE', label: 'Germany' },
  { value: 'IN', label: 'India' },
  { value: 'JP', label: 'Japan' },
  { value: 'NL', label: 'Netherlands' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'US', label: 'United States' },
];

const meta = {
  title: 'UI/Select',
  component: Select,
  decorators: [inElement],
  args: { options: countries, value: '', placeholder: 'Select a country', onChange: () => {} },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <div style={{ width: 320 }}>
        <Field label="Country">
          <Select {...args} value={value} onChange={setValue} />
        </Field>
      </div>
    );
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Countries: Story = {};
export const Chosen: Story = { args: { value: 'DE' } };
/** The state select stays disabled until a country is chosen. */
export const Disabled: Story = {
  args: { options: [], disabled: true, placeholder: 'Choose a country first' },
};
export const Dark: Story = { parameters: dark };
export const WithError: Story = {
  render: (args) => (
    <div style={{ width: 320 }}>
      <Field label="Country" error="Please select a country" required>
        <Select {...args} />
      </Field>
    </div>
  ),
};
