import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStyles } from '../element/use-styles';
import {
  $toasterOwners,
  $toasts,
  claimToaster,
  dismissToast,
  type Toast as ToastData,
} from '../stores/toasts';
import overlayStyles from './overlay.css?inline';
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
 * The toasts of the page (`showToast` in shared/stores/toasts), in a polite live region in the flow of
 * the element, where the element places it (at the top of its content): it covers no control, and the
 * host page's overflow and stacking cannot hide it. Every element may render one; only the first shows
 * the toasts. A modal dialog renders its own (`inDialog`), which goes first while the dialog is open,
 * because the dialog makes the page's region inert.
 */
export function Toaster({ inDialog = false }: { inDialog?: boolean }) {
  useStyles(overlayStyles, toastStyles);
  const [owner] = useState(() => Symbol('toaster'));
  const owners = useStore($toasterOwners);
  const toasts = useStore($toasts);
  useEffect(() => claimToaster(owner, inDialog), [owner, inDialog]);
  // The first toaster's region stays in the document while empty: a live region added together with
  // its text is not announced.
  return owners[0] === owner ? <ToastRegion toasts={toasts} /> : null;
}

function ToastRegion({ toasts }: { toasts: readonly ToastData[] }) {
  const region = useRef<HTMLDivElement>(null);
  const newest = toasts.at(-1)?.id;
  useLayoutEffect(() => {
    // A person scrolled down to the control they used still sees what it did.
    if (newest !== undefined) region.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newest]);
  return (
    <div ref={region} className="ui-toasts" part="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onDismiss={dismissToast} />
      ))}
    </div>
  );
}
