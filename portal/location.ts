import { createRouter } from '@nanostores/router';
import { computed } from 'nanostores';
import { ownsPath } from './resolve';

/**
 * The portal's location: real paths through the History API (deep links survive a reload; the server
 * answers every portal path with the page). The router keeps one catch-all route because the route
 * rules (resolve.ts) must see every path, known or not, to decide where it leads.
 */
export const $router = createRouter({ page: /^(.*)$/ }, { links: false });

export interface PortalLocation {
  pathname: string;
  search: string;
}

export const $location = computed($router, (page): PortalLocation => {
  if (!page) return { pathname: '/', search: '' };
  const search = new URLSearchParams(page.search).toString();
  return { pathname: page.path, search: search ? `?${search}` : '' };
});

/** Opens a same-origin path; `replace` for redirects, so Back does not return to them. */
export function navigate(path: string, replace = false): void {
  $router.open(path, replace);
}

/**
 * The same-origin path of a link click the portal should route itself, or null for anything the
 * browser must handle (other origins, the server's own pages, new tabs, downloads, modified clicks).
 */
export function routableLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event
    .composedPath()
    .find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
  if (!anchor || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  if (anchor.origin !== location.origin || anchor.rel === 'external' || !ownsPath(anchor.pathname))
    return null;
  return `${anchor.pathname}${anchor.search}${anchor.hash}`;
}
