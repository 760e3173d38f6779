import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useStyles } from '../element/use-styles';
import { Button, type ButtonSize, type ButtonVariant } from './Button';
import copyButtonStyles from './copy-button.css?inline';
import { deepActiveElement } from './focus';

export interface CopyButtonProps {
  /** What is written to the clipboard. */
  value: string;
  /** The spec's confirmation, e.g. 'License key copied' (shared/api/messages copyMessages). */
  confirmation: string;
  /** The button's content; default 'Copy'. */
  children?: ReactNode;
  /** Accessible name when the content is only an icon or the value itself. */
  'aria-label'?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** How long the confirmation stays, in ms. */
  confirmationMs?: number;
  onCopied?: (value: string) => void;
  className?: string;
}

/**
 * Copies a value and shows the confirmation next to the button for a while, in a live region so a
 * screen reader announces it. Falls back to a hidden textarea where the Clipboard API is refused.
 */
export function CopyButton({
  value,
  confirmation,
  children = 'Copy',
  variant = 'secondary',
  size = 'small',
  confirmationMs = 2000,
  onCopied,
  className,
  ...aria
}: CopyButtonProps) {
  useStyles(copyButtonStyles);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const ok = await writeClipboard(value, anchor.current);
    if (!ok) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), confirmationMs);
    onCopied?.(value);
  };

  return (
    <span
      ref={anchor}
      className={className ? `ui-copy ${className}` : 'ui-copy'}
      data-state={copied ? 'copied' : 'idle'}
    >
      <Button variant={variant} size={size} aria-label={aria['aria-label']} onClick={() => void copy()}>
        {children}
      </Button>
      <span className="ui-copy__status" part="copy-status" role="status" aria-live="polite">
        {copied ? confirmation : ''}
      </span>
    </span>
  );
}

async function writeClipboard(text: string, near: Element | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Insecure pages and some embedded frames refuse the Clipboard API; the old way still works there.
    if (!near) return false;
    const previous = deepActiveElement();
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.cssText = 'position:fixed;opacity:0;pointer-events:none';
    near.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (previous instanceof HTMLElement) previous.focus();
    return ok;
  }
}
