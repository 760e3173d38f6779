import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useStyles } from '../element/use-styles';
import { deepActiveElement, focusableIn } from './focus';
import modalStyles from './modal.css?inline';
import overlayStyles from './overlay.css?inline';
import { Portal } from './Portal';

export type ModalSize = 'small' | 'medium' | 'large';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, a backdrop click or the close button, only when dismissable. */
  onClose?: () => void;
  /** The dialog's accessible name. */
  title: ReactNode;
  children?: ReactNode;
  /** Buttons under the body, e.g. Cancel and Submit. */
  footer?: ReactNode;
  size?: ModalSize;
  /** false: no Escape, no backdrop close, no close button (the 2FA modal, a ticket being created). */
  dismissable?: boolean;
  /** alertdialog for questions that interrupt (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  /** Gives the dialog a loading look and aria-busy. */
  busy?: boolean;
  /** Accessible name of the × button. */
  closeLabel?: string;
  className?: string;
}

/**
 * A modal dialog portalled into the element's shadow root. Focus moves in on open (to the first
 * `[data-autofocus]`, else the first control of the body, else the dialog), Tab cycles inside, and on
 * close focus returns to whatever had it before.
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({
  onClose,
  title,
  children,
  footer,
  size = 'medium',
  dismissable = true,
  role = 'dialog',
  busy = false,
  closeLabel = 'Close dialog',
  className,
}: ModalProps) {
  useStyles(overlayStyles, modalStyles);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = () => {
    if (dismissable) onClose?.();
  };

  // A layout effect: its clean-up runs as the dialog closes. Preact runs an unmounted component's
  // passive effect clean-ups only after the next paint, by when the opener may be gone.
  useLayoutEffect(() => {
    const opener = deepActiveElement();
    const dialog = dialogRef.current;
    if (dialog) initialFocus(dialog).focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Handled here even when not dismissable, so an outer modal does not close instead.
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab' && dialogRef.current) {
      trapTab(dialogRef.current, event);
    }
  };

  return (
    <Portal>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the keyboard closes with Escape. */}
      <div
        className="ui-modal__backdrop"
        part="modal-backdrop"
        onMouseDown={(event) => {
          // Only a press that starts on the backdrop itself: selecting text and releasing outside keeps it open.
          if (event.target === event.currentTarget) close();
        }}
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both modal. */}
        <div
          ref={dialogRef}
          className={className ? `ui-modal ${className}` : 'ui-modal'}
          part="modal"
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          aria-busy={busy || undefined}
          data-size={size}
          data-state={busy ? 'busy' : 'open'}
          tabIndex={-1}
          onKeyDown={onKeyDown}
        >
          <div className="ui-modal__header">
            <h2 id={titleId} className="ui-modal__title" part="modal-title">
              {title}
            </h2>
            {dismissable && (
              <button type="button" className="ui-modal__close" aria-label={closeLabel} onClick={close}>
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
          <div className="ui-modal__body" part="modal-body">
            {children}
          </div>
          {footer && (
            <div className="ui-modal__footer" part="modal-footer">
              {footer}
            </div>
          )}
        </div>
      </div>
    </Portal>
  );
}

function initialFocus(dialog: HTMLElement): HTMLElement {
  const marked = dialog.querySelector<HTMLElement>('[data-autofocus]');
  if (marked) return marked;
  const body = dialog.querySelector('.ui-modal__body');
  return (body && focusableIn(body)[0]) || dialog;
}

/** Keeps Tab and Shift+Tab inside the dialog by wrapping at either end. */
function trapTab(dialog: HTMLElement, event: KeyboardEvent) {
  const items = focusableIn(dialog);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = deepActiveElement();
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
