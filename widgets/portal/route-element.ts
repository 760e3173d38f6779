import type { RouteEntry } from '../../portal/routes';

export interface ElementUse {
  tag: RouteEntry['element'];
  /** Attributes besides `api-base` and `theme`, which every element gets from the portal. */
  attributes: Record<string, string>;
}

/**
 * Which element a route renders and with which attributes: the route table's `element` and
 * `attributes` (spec §2 route table) applied to the URL's params and query.
 */
export function elementFor(route: RouteEntry, params: Record<string, string>, search: string): ElementUse {
  return { tag: route.element, attributes: route.attributes?.(params, new URLSearchParams(search)) ?? {} };
}
