import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { copyMessages, requestFailures, successMessages, warningMessages } from '../../shared/api/messages';
import { clearToasts, showToast, type ToastKind } from '../../shared/stores/toasts';
import { Button, Toaster } from '../../shared/ui';
import { dark, inElement } from './frame';

function Demo({ kind, message }: { kind: ToastKind; message: string }) {
  useEffect(() => {
    showToast({ kind, message });
    return clearToasts;
  }, [kind, message]);
  return (
    <>
      <Toaster />
      <Button onClick={() => showToast({ kind, message })}>Show again</Button>
    </>
  );
}

const meta = {
  title: 'UI/Toast',
  component: Demo,
  decorators: [inElement],
  args: { kind: 'success', message: successMessages.profileUpdated },
  argTypes: { kind: { control: 'inline-radio', options: ['success', 'error', 'warning', 'info'] } },
  parameters: { docs: { description: { component: 'Toasts close after 3000 ms (spec §9).' } } },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};
export const ErrorToast: Story = { name: 'Error', args: { kind: 'error', message: requestFailures.default } };
export const Warning: Story = { args: { kind: 'warning', message: warningMessages.twoFactorRequired } };
export const Info: Story = { args: { kind: 'info', message: copyMessages.codeShort } };
export const SuccessDark: Story = { parameters: dark };
export const ErrorDark: Story = {
  args: { kind: 'error', message: requestFailures.default },
  parameters: dark,
};
