import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { Button } from './Button';
import { deepActiveElement } from './focus';
import { Modal } from './Modal';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

function Harness({ dismissable = true, onClose }: { dismissable?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button id="opener" onClick={() => setOpen(true)}>
        Add Ticket
      </Button>
      <Modal
        open={open}
        title="Create New Ticket"
        dismissable={dismissable}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={
          <>
            <Button id="cancel" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button id="submit">Submit</Button>
          </>
        }
      >
        <label htmlFor="subject">Subject</label>
        <input id="subject" />
      </Modal>
    </>
  );
}

async function openModal(props: { dismissable?: boolean; onClose?: () => void } = {}) {
  view = renderInShadow(<Harness {...props} />);
  const root = view.shadowRoot;
  $(root, '#opener').focus();
  await userEvent.keyboard('{Enter}');
  await settle();
  return root;
}

describe('Modal', () => {
  it('portals a labelled modal dialog into the shadow root and focuses the first field', async () => {
    const root = await openModal();
    const dialog = $(root, '[role="dialog"]');
    expect(dialog.parentElement?.parentNode).toBe(root);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const title = root.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).toBe('Create New Ticket');
    expect(deepActiveElement()).toBe($(root, '#subject'));
    await expectNoAxeViolations(root);
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const root = await openModal();
    // Order: close button, subject, Cancel, Submit; then back to the close button.
    await userEvent.tab();
    expect(deepActiveElement()?.id).toBe('cancel');
    await userEvent.tab();
    expect(deepActiveElement()?.id).toBe('submit');
    await userEvent.tab();
    expect(deepActiveElement()).toBe($(root, '.ui-modal__close'));
    await userEvent.tab({ shift: true });
    expect(deepActiveElement()?.id).toBe('submit');
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const onClose = vi.fn();
    const root = await openModal({ onClose });
    await userEvent.keyboard('{Escape}');
    await settle();
    expect(onClose).toHaveBeenCalledOnce();
    expect(root.querySelector('[role="dialog"]')).toBeNull();
    expect(deepActiveElement()).toBe($(root, '#opener'));
  });

  it('closes on a backdrop press but not on a press inside the dialog', async () => {
    const onClose = vi.fn();
    const root = await openModal({ onClose });
    $(root, '.ui-modal__body').dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(onClose).not.toHaveBeenCalled();
    $(root, '.ui-modal__backdrop').dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await settle();
    expect(onClose).toHaveBeenCalledOnce();
    expect(root.querySelector('[role="dialog"]')).toBeNull();
  });

  it('ignores Escape and the backdrop and has no close button when not dismissable', async () => {
    const onClose = vi.fn();
    const root = await openModal({ dismissable: false, onClose });
    await userEvent.keyboard('{Escape}');
    $(root, '.ui-modal__backdrop').dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await settle();
    expect(onClose).not.toHaveBeenCalled();
    expect(root.querySelector('[role="dialog"]')).not.toBeNull();
    expect(root.querySelector('.ui-modal__close')).toBeNull();
  });

  it('returns focus to the opener when closed from inside', async () => {
    const root = await openModal();
    $(root, '#cancel').click();
    await settle();
    expect(root.querySelector('[role="dialog"]')).toBeNull();
    expect(deepActiveElement()).toBe($(root, '#opener'));
  });

  it('renders large and dark without axe violations', async () => {
    view = renderInShadow(
      <Modal open title="Two-factor authentication" size="large" dismissable={false}>
        <p>Enter the code from your authenticator app.</p>
      </Modal>,
      { theme: 'dark' },
    );
    await settle();
    expect($(view.shadowRoot, '[role="dialog"]').dataset.size).toBe('large');
    await expectNoAxeViolations(view.shadowRoot);
  });
});
