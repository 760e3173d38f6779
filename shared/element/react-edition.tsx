import { type ComponentType, useCallback, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  dispatchNavigation,
  type ElementHost,
  ElementHostContext,
  type VendorEventName,
  vendorEvent,
} from './host-context';
import { sharedStyles } from './styles';
import { adoptStyles } from './use-styles';

export interface ReactEditionProps {
  /** `light` (default), `dark` or `auto`. */
  theme?: string;
  /** Called with every `vendor-*` event the view dispatches (they also bubble from the wrapper). */
  onVendorEvent?: (name: VendorEventName, detail: unknown) => void;
  className?: string;
  /** The page already shows the view's title: the view leaves out its own heading (`no-heading`). */
  noHeading?: boolean;
}

/**
 * The React edition of a view: the same view, rendered by the host's React into a shadow root of a
 * wrapper `<div>`, so its styles stay in and the page's stay out, exactly as in the custom element.
 */
export function createReactEdition<P extends object>(View: ComponentType<P>, styles: string) {
  function Edition(props: P & ReactEditionProps) {
    const { onVendorEvent, className, noHeading, ...viewProps } = props;
    const [root, setRoot] = useState<ShadowRoot | null>(null);
    const attach = useCallback((node: HTMLDivElement | null) => {
      if (node) setRoot(node.shadowRoot ?? node.attachShadow({ mode: 'open' }));
    }, []);
    const host = useMemo<ElementHost>(
      () => ({
        container: root,
        titledByPage: noHeading === true,
        emit: (name, detail) => {
          root?.host.dispatchEvent(vendorEvent(name, detail));
          onVendorEvent?.(name, detail);
        },
        announceNavigation: (path) => {
          onVendorEvent?.('vendor-navigate', { path });
          return dispatchNavigation(root?.host, path);
        },
      }),
      [root, onVendorEvent, noHeading],
    );
    if (root) adoptStyles(root, styles, true);
    return (
      <div ref={attach} className={className} {...{ theme: props.theme ?? 'light' }}>
        {root &&
          createPortal(
            <ElementHostContext.Provider value={host}>
              <style>{sharedStyles}</style>
              <View {...(viewProps as P)} />
            </ElementHostContext.Provider>,
            root,
          )}
      </div>
    );
  }
  Edition.displayName = `Vendor(${View.displayName ?? View.name})`;
  return Edition;
}
