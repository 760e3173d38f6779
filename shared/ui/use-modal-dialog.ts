import { useLayoutEffect, useRef } from 'react';

/**
 * Shows a `<dialog>` as a modal for as long as the component is mounted: the platform traps focus, makes
 * the page inert and returns focus to the opener. A layout effect, so it is open before the first paint and
 * closed on unmount while still in the document (the focus return needs it there). Escape and other close
 * requests (a phone's back gesture) call `onCancel` instead of closing by themselves. `onOpen` runs once
 * it is shown (where focus goes first).
 */
export function useModalDialog(onCancel: () => void, onOpen?: (dialog: HTMLDialogElement) => void) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The listener is added once; it reads the latest callbacks through these refs.
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;
  const openRef = useRef(onOpen);
  openRef.current = onOpen;

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const cancel = (event: Event) => {
      event.preventDefault();
      cancelRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    dialog.showModal();
    openRef.current?.(dialog);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.close();
    };
  }, []);

  return dialogRef;
}
