import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { paintedAtCentreOf } from '../../test/helpers/dialog';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { successMessages, warningMessages } from '../api/messages';
import { timings } from '../catalogue/timings';
import { $toasts, clearToasts, showToast } from '../stores/toasts';
import { Modal } from './Modal';
import { Toaster } from './Toast';

let views: Rendered[] = [];
beforeEach(() => clearToasts());
afterEach(() => {
  vi.useRealTimers();
  for (const view of views) view.unmount();
  views = [];
  clearToasts();
});

function mount(theme: 'light' | 'dark' = 'light'): Rendered {
  const view = renderInShadow(<Toaster />, { theme });
  views.push(view);
  return view;
}

/** Preact renders store changes in a microtask; a few turns let them land without any timer. */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

const texts = (root: ShadowRoot) =>
  Array.from(root.querySelectorAll('.ui-toast__message')).map((node) => node.textContent);

describe('Toaster and the toast store', () => {
  it('shows a toast in a polite status region in the flow of the element, where it covers nothing', async () => {
    const { shadowRoot } = mount();
    await settle();
    showToast({ kind: 'success', message: successMessages.profileUpdated });
    await settle();
    const region = $(shadowRoot, '.ui-toasts');
    expect(region.parentNode).toBe(shadowRoot);
    // In the flow: it takes its own space rather than lying over the element's controls.
    expect(getComputedStyle(region).position).toBe('static');
    expect(region.getBoundingClientRect().height).toBeGreaterThan(0);
    const dismiss = $(shadowRoot, 'button[aria-label="Dismiss notification"]');
    expect(dismiss.contains(paintedAtCentreOf(dismiss))).toBe(true);
    expect(region.getAttribute('role')).toBe('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(texts(shadowRoot)).toEqual(['Profile updated successfully']);
    expect($(shadowRoot, '.ui-toast').dataset.kind).toBe('success');
    await expectNoAxeViolations(shadowRoot);
  });

  it('closes each toast exactly 3000 ms after it was shown', async () => {
    const { shadowRoot } = mount();
    await settle();
    expect(timings.toastMs).toBe(3000);
    // Only the timer functions are faked: rendering runs on microtasks, effects on animation frames.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    showToast({ kind: 'warning', message: warningMessages.twoFactorRequired });
    vi.advanceTimersByTime(1000);
    showToast({ kind: 'error', message: 'Operation failed' });
    await microtasks();
    expect(texts(shadowRoot)).toEqual(['2FA Authentication Required', 'Operation failed']);

    vi.advanceTimersByTime(1999);
    await microtasks();
    expect(texts(shadowRoot)).toEqual(['2FA Authentication Required', 'Operation failed']);

    vi.advanceTimersByTime(1);
    await microtasks();
    expect(texts(shadowRoot)).toEqual(['Operation failed']);

    vi.advanceTimersByTime(999);
    await microtasks();
    expect(texts(shadowRoot)).toEqual(['Operation failed']);
    vi.advanceTimersByTime(1);
    await microtasks();
    expect(texts(shadowRoot)).toEqual([]);
  });

  it('has no axe violations in the dark theme, for every kind', async () => {
    const { shadowRoot } = mount('dark');
    await settle();
    for (const kind of ['success', 'error', 'warning', 'info'] as const) showToast({ kind, message: kind });
    await settle();
    expect(texts(shadowRoot)).toEqual(['success', 'error', 'warning', 'info']);
    await expectNoAxeViolations(shadowRoot);
  });

  it('closes a toast early with its dismiss button and forgets its timer', async () => {
    const { shadowRoot } = mount();
    await settle();
    // axe-core waits on real timers, so no axe run while they are faked.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    showToast({ kind: 'info', message: 'Code copied' });
    await microtasks();
    $(shadowRoot, 'button[aria-label="Dismiss notification"]').click();
    await microtasks();
    expect(texts(shadowRoot)).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows a toast once when several elements render a toaster, and moves on when the first goes', async () => {
    const first = mount();
    const second = mount();
    await settle();
    showToast({ kind: 'success', message: successMessages.csvExported });
    await settle();
    expect(texts(first.shadowRoot)).toEqual(['CSV exported successfully']);
    expect(texts(second.shadowRoot)).toEqual([]);

    first.unmount();
    views = [second];
    await settle();
    expect(texts(second.shadowRoot)).toEqual(['CSV exported successfully']);
    expect($toasts.get()).toHaveLength(1);
  });

  it('shows the toasts in an open modal dialog, where they can be read and dismissed, and back after it', async () => {
    const page = mount();
    const dialogView = renderInShadow(
      <Modal open title="Two-factor authentication">
        <input aria-label="Verification code" />
      </Modal>,
    );
    views.push(dialogView);
    await settle();
    showToast({ kind: 'error', message: 'Sorry, your verification code is not valid, please try again.' });
    await settle();
    const dialog = $(dialogView.shadowRoot, '[role="dialog"]');
    // The page's region is inert behind the modal: the toast is in the dialog's own region instead.
    expect(texts(page.shadowRoot)).toEqual([]);
    const region = $(dialog, '.ui-toasts');
    expect(region.getAttribute('role')).toBe('status');
    expect(region.textContent).toContain('Sorry, your verification code is not valid, please try again.');
    const dismiss = $(dialog, 'button[aria-label="Dismiss notification"]');
    expect(dismiss.contains(paintedAtCentreOf(dismiss))).toBe(true);
    await expectNoAxeViolations(dialogView.shadowRoot);

    dialogView.rerender(<Modal open={false} title="Two-factor authentication" />);
    await settle();
    expect(texts(page.shadowRoot)).toEqual(['Sorry, your verification code is not valid, please try again.']);
  });
});
