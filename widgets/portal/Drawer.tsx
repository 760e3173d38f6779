import { type MouseEvent, type ReactNode, useLayoutEffect, useRef } from 'react';

/** Where the sidebar stops being a column of the page and opens as a drawer (portal.css says the same). */
export const drawerQuery = '(max-width: 900px)';

export interface DrawerProps {
  /** The drawer's accessible name. */
  label: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The phone's sidebar: a modal `<dialog>` along the start edge, so the platform traps focus, makes the page
 * inert, closes on Escape and returns focus to the menu button. A press on the backdrop or on a link inside
 * closes it too (the link still navigates: the portal routes the click as it bubbles).
 */
export function Drawer({ label, onClose, children }: DrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // Shown before the first paint; closed on unmount while still in the document, so focus goes back.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.showModal();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.close();
    };
  }, []);

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    const target = event.target as Element;
    if (target === event.currentTarget || target.closest('a')) onClose();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the platform's (the dialog's cancel event).
    <dialog ref={dialogRef} className="drawer" aria-label={label} onClick={onClick}>
      {children}
    </dialog>
  );
}
