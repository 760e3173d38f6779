import type { MouseEvent, ReactNode } from 'react';
import { useModalDialog } from '../../shared/ui/use-modal-dialog';

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
  const dialogRef = useModalDialog(onClose);

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
