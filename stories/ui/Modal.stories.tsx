import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button, ConfirmDialog, Field, Modal } from '../../shared/ui';
import { dark, inElement } from './frame';

const meta = {
  title: 'UI/Modal',
  component: Modal,
  decorators: [inElement],
  args: { open: true, title: 'Create New Ticket' },
  argTypes: { size: { control: 'inline-radio', options: ['small', 'medium', 'large'] } },
  // Each story opens a real modal dialog, which makes the rest of its document inert: on the docs page
  // each one gets a frame of its own, so the page around stays readable.
  parameters: { docs: { story: { inline: false, iframeHeight: 480 } } },
  render: function Render(args) {
    const [open, setOpen] = useState(args.open);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Add Ticket</Button>
        <Modal
          {...args}
          open={open}
          onClose={() => setOpen(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button>Submit</Button>
            </>
          }
        >
          <Field label="Subject">
            <input />
          </Field>
          <Field label="Message">
            <textarea rows={4} />
          </Field>
        </Modal>
      </>
    );
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Dark: Story = { parameters: dark };
/** The ticket being created: no Escape, no backdrop close, a loading look. */
export const NotDismissable: Story = { args: { dismissable: false, busy: true } };
/** The 2FA modal: always open, large, cannot be closed. */
export const Large: Story = {
  args: { size: 'large', dismissable: false, title: 'Two-Factor Authentication' },
  render: (args) => (
    <Modal {...args}>
      <p>Enter the 6-digit code from your authenticator app.</p>
    </Modal>
  ),
};
export const LargeDark: Story = { ...Large, parameters: dark };

export const Confirm: Story = {
  render: () => (
    <ConfirmDialog
      open
      question="Are you sure you want to cancel/reactivate subscription?"
      onConfirm={() => {}}
      onCancel={() => {}}
    />
  ),
};
export const ConfirmBusyDark: Story = {
  parameters: dark,
  render: () => (
    <ConfirmDialog
      open
      busy
      question="Are you sure you want to cancel/reactivate subscription?"
      onConfirm={() => {}}
      onCancel={() => {}}
    />
  ),
};
