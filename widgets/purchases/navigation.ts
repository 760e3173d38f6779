import { type MouseEvent, useCallback } from 'react';
import { useElementHost } from '../../shared/element';
import {
  generateInvoicePath,
  manageLicensePath,
  portalPatterns,
  relativeToUserPage,
} from '../../shared/portal/paths';

/** Portal paths (spec §2 route table) of the element's own two views. */
export const historyPath = portalPatterns.purchaseHistory;

/**
 * Links relative to the page (spec §2 Purchase History: "Relative links go to generate-invoice/{id}
 * and manage-license/{id}"), so on the portal's /user/purchase-history they lead to /user/….
 */
export const invoiceHref = (paymentId: number) => relativeToUserPage(generateInvoicePath(paymentId));
export const licencesHref = (paymentId: number) => relativeToUserPage(manageLicensePath(paymentId));

const modified = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A click handler for a link to one of this element's own views. It announces the link's path with a
 * cancelable `vendor-navigate` (detail `{path}`): a host that cancels it routes the path itself (the
 * portal does); otherwise the element switches its view in place. Modified clicks (new tab) are left
 * to the browser.
 */
export function useInElementLink(): (event: MouseEvent<HTMLAnchorElement>, show: () => void) => void {
  const { announceNavigation } = useElementHost();
  return useCallback(
    (event, show) => {
      if (modified(event)) return;
      event.preventDefault();
      const anchor = event.currentTarget;
      if (announceNavigation(`${anchor.pathname}${anchor.search}`)) show();
    },
    [announceNavigation],
  );
}
