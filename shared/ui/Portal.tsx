import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useElementHost } from '../element/host-context';

/**
 * Renders overlays (modals, listboxes, toasts) into the element's own shadow root, where its styles
 * and theme apply, never into document.body. Outside an element it renders in place.
 */
export function Portal({ children }: { children: ReactNode }) {
  const { container } = useElementHost();
  return container ? createPortal(children, container) : children;
}
