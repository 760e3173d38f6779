import { createContext, useContext } from 'react';

/** Names of the events our elements dispatch; every one starts with `vendor-`. */
export type VendorEventName = `vendor-${string}`;

export interface ElementHost {
  /**
   * Where modals, dropdowns and toasts portal to: the element's own shadow root, never `document.body`,
   * so that our styles apply to them and nothing leaks into the host page.
   */
  container: ShadowRoot | null;
  /** Dispatches a `vendor-*` event from the element to the page (bubbles, crosses shadow roots). */
  emit: <Detail>(name: VendorEventName, detail: Detail) => void;
}

const detached: ElementHost = { container: null, emit: () => {} };

export const ElementHostContext = createContext<ElementHost>(detached);

export function useElementHost(): ElementHost {
  return useContext(ElementHostContext);
}

/** The event a view dispatches, built the same way for the custom element and the React edition. */
export function vendorEvent<Detail>(name: VendorEventName, detail: Detail): CustomEvent<Detail> {
  return new CustomEvent(name, { detail, bubbles: true, composed: true });
}
