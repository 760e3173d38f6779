import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  dispatchNavigation,
  type ElementHost,
  ElementHostContext,
  vendorEvent,
} from '../../shared/element/host-context';
import { sharedStyles } from '../../shared/element/styles';
import { adoptStyles } from '../../shared/element/use-styles';

/** A bare custom element standing in for a vendor-* element: it only hosts the shadow root. */
const HOST_TAG = 'vendor-test-host';
if (!customElements.get(HOST_TAG)) customElements.define(HOST_TAG, class extends HTMLElement {});

export interface Rendered {
  host: HTMLElement;
  shadowRoot: ShadowRoot;
  /** Renders a new tree in the same root (props changes). */
  rerender: (ui: ReactNode) => void;
  unmount: () => void;
}

export interface RenderOptions {
  theme?: 'light' | 'dark' | 'auto';
  /** The element's own CSS, e.g. a widget's stylesheet: in the layer after base.css and the primitives'. */
  styles?: string;
}

/**
 * Mounts a tree as an element would: inside a fresh host's open shadow root, base.css in a `<style>`
 * rendered in the tree (Preact's first render would drop one placed there beforehand), the primitives
 * adopting their own CSS, the given CSS in the element's layer, and the shadow root as the host
 * context's container.
 */
export function renderInShadow(
  ui: ReactNode,
  { theme = 'light', styles = '' }: RenderOptions = {},
): Rendered {
  const host = document.createElement(HOST_TAG);
  host.setAttribute('theme', theme);
  document.body.append(host);
  const shadowRoot = host.attachShadow({ mode: 'open' });
  const context: ElementHost = {
    container: shadowRoot,
    titledByPage: false,
    emit: (name, detail) => host.dispatchEvent(vendorEvent(name, detail)),
    announceNavigation: (path) => dispatchNavigation(host, path),
  };
  if (styles) adoptStyles(shadowRoot, styles, true);
  const root = createRoot(shadowRoot);
  const render = (tree: ReactNode) =>
    root.render(
      <ElementHostContext.Provider value={context}>
        <style>{sharedStyles}</style>
        {tree}
      </ElementHostContext.Provider>,
    );
  render(ui);
  return {
    host,
    shadowRoot,
    rerender: render,
    unmount: () => {
      root.unmount();
      host.remove();
    },
  };
}

/** Lets Preact (microtask renders) and effects (after the next frame) settle. */
export async function settle(): Promise<void> {
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The one element matching a selector in a root, or a clear failure. */
export function $(root: ParentNode, selector: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}
