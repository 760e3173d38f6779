import type { R2WCRenderer } from '@r2wc/core';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';

interface Mounted<P> {
  root: Root;
  /** Shows new props: the setter of the one component the root renders. */
  show: (props: P) => void;
}

/**
 * How r2wc mounts an element's view: one root render, then every attribute change goes in as new state
 * of that render's top component. r2wc's own React adapter renders the root again for each change;
 * Preact (the embed build) numbers `useId` per root render and, from the third one, started again at the
 * first id, so a modal opened later took the id, and the name, of the element's heading.
 */
export function renderOnce<P extends object>(): R2WCRenderer<P, Mounted<P>> {
  return {
    mount(container, View, initial) {
      const mounted: Mounted<P> = { root: createRoot(container), show: () => {} };
      function Current() {
        const [props, setProps] = useState(initial);
        mounted.show = setProps;
        return <View {...props} />;
      }
      mounted.root.render(<Current />);
      return mounted;
    },
    // r2wc passes the same props object each time, changed in place: a copy is a new state.
    update: (mounted, props) => mounted.show({ ...props }),
    unmount: (mounted) => mounted.root.unmount(),
  };
}
