import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { pressBackdrop } from '../../test/helpers/dialog';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { ConfirmDialog } from './ConfirmDialog';
import { deepActiveElement } from './focus';

const QUESTION = 'Are you sure you want to cancel/reactivate subscription?';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const buttonNamed = (root: ShadowRoot, name: string) => {
  const found = Array.from(root.querySelectorAll('button')).find((button) => button.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

describe('ConfirmDialog', () => {
  it('asks the question with No and Yes, focusing No', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    view = renderInShadow(
      <ConfirmDialog open question={QUESTION} onConfirm={onConfirm} onCancel={onCancel} />,
    );
    await settle();
    const root = view.shadowRoot;
    const dialog = $(root, '[role="alertdialog"]');
    expect(root.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(QUESTION);
    expect(deepActiveElement()).toBe(buttonNamed(root, 'No'));
    await expectNoAxeViolations(root);

    buttonNamed(root, 'Yes').click();
    expect(onConfirm).toHaveBeenCalledOnce();
    buttonNamed(root, 'No').click();
    expect(onCancel).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('while busy shows a spinner on Yes and cannot be answered or dismissed', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    view = renderInShadow(
      <ConfirmDialog open busy question={QUESTION} onConfirm={onConfirm} onCancel={onCancel} />,
      { theme: 'dark' },
    );
    await settle();
    const root = view.shadowRoot;
    const yes = buttonNamed(root, 'Yes');
    expect(yes.getAttribute('aria-busy')).toBe('true');
    yes.click();
    buttonNamed(root, 'No').click();
    $(root, '[role="alertdialog"]').focus();
    await userEvent.keyboard('{Escape}');
    pressBackdrop($(root, '[role="alertdialog"]'));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
    await expectNoAxeViolations(root);
  });

  it('renders nothing while closed', async () => {
    view = renderInShadow(
      <ConfirmDialog open={false} question={QUESTION} onConfirm={vi.fn()} onCancel={vi.fn()} />,
    );
    await settle();
    expect(view.shadowRoot.querySelector('[role="alertdialog"]')).toBeNull();
  });
});
