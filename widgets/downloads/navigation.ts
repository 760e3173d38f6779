import { useCallback } from 'react';
import { useElementHost } from '../../shared/element';

/**
 * Announces a navigation with a cancelable `vendor-navigate` (detail `{path}`); true when the element
 * should follow it itself, false when the host called preventDefault to route it.
 */
export function useAnnounceNavigation(): (path: string) => boolean {
  const { container } = useElementHost();
  return useCallback(
    (path: string) => {
      const event = new CustomEvent('vendor-navigate', {
        detail: { path },
        bubbles: true,
        composed: true,
        cancelable: true,
      });
      return container?.host.dispatchEvent(event) ?? true;
    },
    [container],
  );
}
