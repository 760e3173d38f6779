import { type KeyboardEvent, type MouseEvent, type ReactNode, useId } from 'react';
import { useStyles } from '../element/use-styles';
import modalStyles from './modal.css?inline';
import overlayStyles from './overlay.css?inline';
import { Toaster } from './Toast';
import { useModalDialog } from './use-modal-dialog';

export type ModalSize = 'small' | 'medium' | 'large';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, a backdrop press or the close button, only when dismissable. */
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
 * A modal `<dialog>` opened with showModal(), where it renders (inside the element's shadow root, so its
 * styles apply): the platform puts it in the top layer above anything of the host page, makes the page
 * behind inert (focus cannot leave it) and gives focus back to the opener when it closes. Focus moves in
 * to the first `[data-autofocus]`, else the first control of the body, else where the platform puts it.
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

/** A body's controls the first of which takes focus: the platform's own pick would be the header's ×. */
const CONTROLS =
  ':is(input, select, textarea, button, a[href], [tabindex]):not(:disabled, [tabindex="-1"], [type="hidden"])';

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
  const titleId = useId();
  const close = () => {
    if (dismissable) onClose?.();
  };
  const dialogRef = useModalDialog(close, (dialog) => initialFocus(dialog)?.focus());

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    // Prevented, so the platform neither closes the dialog behind the state's back nor, on a second
    // Escape, forces a non-dismissable one shut; stopped, so an outer modal does not close instead.
    event.preventDefault();
    event.stopPropagation();
    close();
  };

  // A press on the ::backdrop targets the dialog itself, outside its box. Only a press that starts
  // there: selecting text and releasing outside keeps it open.
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) close();
  };

  return (
    <dialog
      ref={dialogRef}
      className={className ? `ui-modal ${className}` : 'ui-modal'}
      part="modal"
      // Explicit even when it is the <dialog>'s own, so `[role="dialog"]` (hosts, tests) finds it.
      role={role}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      data-size={size}
      data-state={busy ? 'busy' : 'open'}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
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
        <Toaster inDialog />
        {children}
      </div>
      {footer && (
        <div className="ui-modal__footer" part="modal-footer">
          {footer}
        </div>
      )}
    </dialog>
  );
}

function initialFocus(dialog: HTMLDialogElement): HTMLElement | undefined {
  const marked = dialog.querySelector<HTMLElement>('[data-autofocus]');
  if (marked) return marked;
  const controls = dialog.querySelector('.ui-modal__body')?.querySelectorAll<HTMLElement>(CONTROLS) ?? [];
  return [...controls].find((control) => control.checkVisibility());
}
