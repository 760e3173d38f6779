import { useCallback } from 'react';
import { useElementHost } from './host-context';

/**
 * Leaves the element for another page: announces `path` with a cancelable `vendor-navigate` and, unless
 * the host routed it itself (the portal does), loads it with `location.assign`.
 */
export function useLeaveTo(): (path: string) => void {
  const { announceNavigation } = useElementHost();
  return useCallback(
    (path: string) => {
      if (announceNavigation(path)) window.location.assign(path);
    },
    [announceNavigation],
  );
}
