import r2wc, { type R2WCBaseProps, type R2WCOptions } from '@r2wc/core';
import { type ComponentType, useMemo } from 'react';
import { dispatchNavigation, type ElementHost, ElementHostContext, vendorEvent } from './host-context';
import { renderOnce } from './render-once';
import { sharedStyles } from './styles';
import { adoptStyles } from './use-styles';

/** Attributes every element takes (DESIGN §3). */
export interface CommonElementProps {
  /** `api-base`: the vendor API v1 base URL; default the same origin's `/api/v1`. */
  apiBase?: string;
  /** `theme`: `light` (default), `dark` or `auto` (follows the visitor's system setting). */
  theme?: string;
}

/**
 * `no-heading`, taken by the elements that title themselves (they list it in their `attributes`): the page
 * around the element already shows its title (the portal's h1), so the element leaves out its own heading
 * (one heading per page). Pasted alone, an element titles itself.
 */
interface PageTitledProps {
  noHeading?: boolean;
}

export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

export interface ElementOptions<P> {
  /**
   * The element's own CSS (imported with `?inline`). It overrides base.css and the CSS of the UI
   * primitives, which each primitive adopts when it first renders, by its cascade layer
   * (shared/element/styles.ts, use-styles.ts).
   */
  styles: string;
  /** The element's own attributes by camelCase prop name; r2wc maps `paymentId` to `payment-id`. */
  attributes?: Partial<
    Record<Exclude<keyof P & string, keyof CommonElementProps> | keyof PageTitledProps, AttributeType>
  >;
}

/**
 * Wraps a view as a custom element: open shadow root, typed attributes → props, the shadow root as the
 * host context's container, `vendor-*` events dispatched from the host, base.css rendered as a `<style>`
 * inside the component tree (Preact's first render would remove one placed in the root beforehand) and
 * the element's own CSS adopted in the layer after the primitives'.
 */
export function createVendorElement<P extends CommonElementProps>(
  View: ComponentType<P>,
  { styles, attributes }: ElementOptions<P>,
): CustomElementConstructor {
  function Hosted(props: P & PageTitledProps & { container?: ShadowRoot }) {
    const { container, noHeading, ...viewProps } = props;
    const titledByPage = noHeading === true;
    const host = useMemo<ElementHost>(
      () => ({
        container: container ?? null,
        titledByPage,
        emit: (name, detail) => container?.host.dispatchEvent(vendorEvent(name, detail)),
        announceNavigation: (path) => dispatchNavigation(container?.host, path),
      }),
      [container, titledByPage],
    );
    if (container) adoptStyles(container, styles, true);
    return (
      <ElementHostContext.Provider value={host}>
        <style>{sharedStyles}</style>
        <View {...(viewProps as unknown as P)} />
      </ElementHostContext.Provider>
    );
  }

  // r2wc's types know only its own `container` prop; the attributes it maps are the view's.
  const options = {
    shadow: 'open',
    props: { apiBase: 'string', theme: 'string', ...attributes },
  } as R2WCOptions<R2WCBaseProps>;
  return r2wc(Hosted as ComponentType<R2WCBaseProps>, options, renderOnce<R2WCBaseProps>());
}
