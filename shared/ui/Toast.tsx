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
 * The toasts of the page (`showToast` in shared/stores/toasts), in a polite live region. The region is a
 * manual popover, shown while it is mounted: in the top layer, nothing of the host page (its overflow,
 * its stacking) covers it, and it stays put until it unmounts. Every element may render one; only the
 * first shows the toasts. A modal dialog renders its own (`inDialog`), which goes first while the
 * dialog is open, because the dialog makes the page's region inert.
 */
export function Toaster({ inDialog = false }: { inDialog?: boolean }) {
  useStyles(overlayStyles, toastStyles);
  const [owner] = useState(() => Symbol('toaster'));
  const owners = useStore($toasterOwners);
  const toasts = useStore($toasts);
  useEffect(() => claimToaster(owner, inDialog), [owner, inDialog]);
  return owners[0] === owner ? <ToastRegion toasts={toasts} /> : null;
}

function ToastRegion({ toasts }: { toasts: readonly ToastData[] }) {
  const region = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // A region rendered while its element is out of the document (removed before React let go of it)
    // cannot open: showPopover throws on a disconnected node.
    const node = region.current;
    if (node?.isConnected && !node.matches(':popover-open')) node.showPopover();
  }, []);
  return (
    <div ref={region} className="ui-toasts" part="toasts" role="status" aria-live="polite" popover="manual">
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onDismiss={dismissToast} />
      ))}
    </div>
  );
}
