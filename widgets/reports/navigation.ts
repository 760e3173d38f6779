import { useCallback } from 'react';
import { useElementHost } from '../../shared/element';

/**
 * Announces a navigation with a cancelable `vendor-navigate` (detail `{path}`) and follows it with
 * `location.assign` unless the host called preventDefault to route the path itself (the portal does).
 */
export function useNavigate(): (path: string) => void {
  const { container } = useElementHost();
  return useCallback(
    (path: string) => {
      const event = new CustomEvent('vendor-navigate', {
        detail: { path },
        bubbles: true,
        composed: true,
        cancelable: true,
      });
      const follow = container?.host.dispatchEvent(event) ?? true;
      if (follow) window.location.assign(path);
    },
    [container],
  );
}
