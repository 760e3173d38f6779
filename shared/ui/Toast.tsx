import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useStyles } from '../element/use-styles';
import {
  $toasterOwners,
  $toasts,
  claimToaster,
  dismissToast,
  type Toast as ToastData,
} from '../stores/toasts';
import overlayStyles from './overlay.css?inline';
import { Portal } from './Portal';
import toastStyles from './toast.css?inline';

export interface ToastProps {
  toast: ToastData;
  onDismiss: (id: number) => void;
  dismissLabel?: string;
}

/** One toast: the message and a dismiss button. The kind is for colour; the text says what happened. */
export function Toast({ toast, onDismiss, dismissLabel = 'Dismiss notification' }: ToastProps) {
  return (
    <div className="ui-toast" part="toast" data-kind={toast.kind}>
      <span className="ui-toast__message">{toast.message}</span>
      <button
        type="button"
        className="ui-toast__dismiss"
        aria-label={dismissLabel}
        onClick={() => onDismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * The toasts of the page (`showToast` in shared/stores/toasts), in a polite live region portalled into
 * the element's shadow root. Every element may render one; only the first mounted shows the toasts.
 */
export function Toaster() {
  useStyles(overlayStyles, toastStyles);
  const [owner] = useState(() => Symbol('toaster'));
  const owners = useStore($toasterOwners);
  const toasts = useStore($toasts);
  useEffect(() => claimToaster(owner), [owner]);
  if (owners[0] !== owner) return null;
  return (
    <Portal>
      <div className="ui-toasts" part="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismissToast} />
        ))}
      </div>
    </Portal>
  );
}
