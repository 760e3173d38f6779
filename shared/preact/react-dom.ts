import { Component, type ComponentChildren, h, render } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

/**
 * What the embed build gets for `import … from 'react-dom'`: `createPortal`, the one thing our views use.
 * The portal's content is a separate Preact root whose nodes land directly in `container`, after what is
 * already there (as React places them), rendered with the context of the place the portal stands in, so
 * `useContext` inside a modal reads the element it belongs to.
 */

/** Carries the owner's context into the portal's root. */
class PortalRoot extends Component<{ context: object; children?: ComponentChildren }> {
  override getChildContext() {
    return this.props.context;
  }
  override render() {
    return this.props.children;
  }
}

/**
 * The parent Preact renders the portal's root into: Preact inserts through `insertBefore` (removing goes
 * through each node's real parent), so the nodes become the container's own children, while the root's
 * bookkeeping stays on this object and does not disturb the element's own root on the container.
 */
function parentIn(container: ParentNode & Node): Element {
  const parent = {
    nodeType: 1,
    parentNode: container,
    namespaceURI: (container as Partial<Element>).namespaceURI ?? null,
    firstChild: null,
    insertBefore: <T extends Node>(node: T, before: Node | null) => container.insertBefore(node, before),
  };
  return parent as unknown as Element;
}

interface PortalHostProps {
  container: ParentNode & Node;
  children?: ComponentChildren;
}

/** Renders `children` as a root of their own in `container`, with `context` (every provider above). */
function usePortalRoot({ container, children }: PortalHostProps, context: object) {
  const [portal] = useState(() => ({ parent: parentIn(container) }));

  // Painted in the commit, and Preact runs a child's layout effects before its owner's: the owner's own
  // layout effects and refs find the content there, as React commits a portal with its owner (Select
  // scrolls its chosen option into view the moment the list opens).
  useLayoutEffect(() => {
    render(h(PortalRoot, { context }, children), portal.parent);
  });
  useLayoutEffect(() => () => render(null, portal.parent), [portal]);
}

function PortalHost(props: PortalHostProps, context: object) {
  // biome-ignore lint/correctness/useHookAtTopLevel: a component; Preact passes a function component the context of every provider above as its second argument.
  usePortalRoot(props, context);
  return null;
}

export function createPortal(children: ComponentChildren, container: ParentNode & Node) {
  return h(PortalHost, { container, children });
}
