import type { Meta, StoryObj } from '@storybook/react-vite';
import { ticketFailures } from '../../shared/api/messages';
import { LoadFailure } from '../../shared/ui';
import { dark, inElement } from './frame';

const meta = {
  title: 'UI/LoadFailure',
  component: LoadFailure,
  decorators: [inElement],
  args: { message: ticketFailures.ticketsFailed, onRetry: () => undefined },
} satisfies Meta<typeof LoadFailure>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A failed load in place of its data: the call's own message (spec §8) and Try again. */
export const Failed: Story = {};
export const FailedDark: Story = { parameters: dark };
/** No message given: the default of spec §8. */
export const DefaultMessage: Story = { args: { message: null } };
