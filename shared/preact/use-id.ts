import { useState } from 'preact/hooks';

let issued = 0;

/**
 * React's `useId`: unique in the page, portals included. Not Preact's own, which counts on a number kept
 * on the root's vnode and can hand out an id already in use: the confirm dialog of
 * `<vendor-subscriptions>` in the portal got the id of the section's label and took its name
 * (test/e2e/purchases.spec.ts). A page-wide counter cannot repeat.
 */
export function useId(): string {
  const [id] = useState(() => `v${(++issued).toString(36)}`);
  return id;
}
