import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { copyMessages } from '../api/messages';
import { CopyButton } from './CopyButton';

let view: Rendered | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  view?.unmount();
  view = undefined;
});

const KEY = 'a1b2c3d4e5f6';

async function until(probe: () => boolean, timeout = 2000): Promise<void> {
  const started = performance.now();
  while (!probe()) {
    if (performance.now() - started > timeout) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('CopyButton', () => {
  it('shows the confirmation without moving anything beside it', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    view = renderInShadow(
      <p style={{ display: 'flex', justifyContent: 'flex-end', gap: '8px', width: '320px' }}>
        <code className="key">{KEY}</code>
        <CopyButton value={KEY} confirmation={copyMessages.licenseKey} />
      </p>,
    );
    await settle();
    const root = view.shadowRoot;
    const before = $(root, '.key').getBoundingClientRect();
    const button = $(root, 'button').getBoundingClientRect();
    $(root, 'button').click();
    await until(() => $(root, '.ui-copy__status').textContent !== '');
    await settle();
    expect($(root, '.key').getBoundingClientRect().toJSON()).toEqual(before.toJSON());
    expect($(root, 'button').getBoundingClientRect().toJSON()).toEqual(button.toJSON());
    expect($(root, '.ui-copy__status').getBoundingClientRect().width).toBeGreaterThan(0);
  });

  it('writes the value to the clipboard and announces the confirmation for a while', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const onCopied = vi.fn();
    view = renderInShadow(
      <CopyButton value={KEY} confirmation={copyMessages.licenseKey} confirmationMs={150} onCopied={onCopied}>
        Copy key
      </CopyButton>,
    );
    await settle();
    const root = view.shadowRoot;
    const status = $(root, '.ui-copy__status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');

    $(root, 'button').click();
    await until(() => status.textContent !== '');
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(onCopied).toHaveBeenCalledWith(KEY);
    expect(status.textContent).toBe('License key copied');
    expect($(root, '.ui-copy').dataset.state).toBe('copied');
    await expectNoAxeViolations(root);

    await until(() => status.textContent === '');
    expect($(root, '.ui-copy').dataset.state).toBe('idle');
  });

  it('falls back to a selected textarea when the Clipboard API refuses, and keeps focus', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    let copied = '';
    const execCommand = vi.spyOn(document, 'execCommand').mockImplementation(() => {
      copied = (view?.shadowRoot.querySelector('textarea') as HTMLTextAreaElement | null)?.value ?? '';
      return true;
    });
    view = renderInShadow(
      <CopyButton value="https://example.com/?ref=7" confirmation={copyMessages.affiliateUrl} />,
      {
        theme: 'dark',
      },
    );
    await settle();
    const root = view.shadowRoot;
    const button = $(root, 'button');
    button.focus();
    button.click();
    await until(() => $(root, '.ui-copy__status').textContent !== '');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('https://example.com/?ref=7');
    expect(root.querySelector('textarea')).toBeNull();
    expect(root.activeElement).toBe(button);
    expect($(root, '.ui-copy__status').textContent).toBe('Affiliate url copied');
    await expectNoAxeViolations(root);
  });

  it('shows no confirmation when nothing could be copied', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('no'));
    vi.spyOn(document, 'execCommand').mockReturnValue(false);
    view = renderInShadow(<CopyButton value="x" confirmation={copyMessages.codeShort} />);
    await settle();
    $(view.shadowRoot, 'button').click();
    await settle();
    expect($(view.shadowRoot, '.ui-copy__status').textContent).toBe('');
  });
});
