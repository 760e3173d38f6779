import { createContext, useContext } from 'react';

/** Names of the events our elements dispatch; every one starts with `vendor-`. */
export type VendorEventName = `vendor-${string}`;

export interface ElementHost {
  /**
   * The element's own shadow root, where the primitives adopt their CSS. Dialogs, popovers and toasts
   * render inside it (the top layer shows them above the page), never in `document.body`, so that our
   * styles apply to them and nothing leaks into the host page.
   */
  container: ShadowRoot | null;
  /** The page titles the element (`no-heading`): its own heading is left out (shared/element/ElementTitle). */
  titledByPage: boolean;
  /** Dispatches a `vendor-*` event from the element to the page (bubbles, crosses shadow roots). */
  emit: <Detail>(name: VendorEventName, detail: Detail) => void;
  /**
   * Asks the page before the element moves to `path`: a cancelable `vendor-navigate` (detail `{path}`).
   * Returns true when the element should go there itself, false when the host called `preventDefault()`
   * to route the path on its own (the portal does).
   */
  announceNavigation: (path: string) => boolean;
}

const detached: ElementHost = {
  container: null,
  titledByPage: false,
  emit: () => {},
  announceNavigation: () => true,
};

export const ElementHostContext = createContext<ElementHost>(detached);

export function useElementHost(): ElementHost {
  return useContext(ElementHostContext);
}

/** The event a view dispatches, built the same way for the custom element and the React edition. */
export function vendorEvent<Detail>(
  name: VendorEventName,
  detail: Detail,
  cancelable = false,
): CustomEvent<Detail> {
  return new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable });
}

/** Dispatches `vendor-navigate` from `target`; true unless a listener prevented it. */
export function dispatchNavigation(target: EventTarget | undefined, path: string): boolean {
  return target?.dispatchEvent(vendorEvent('vendor-navigate', { path }, true)) ?? true;
}
