/**
 * What the embed build gets for `import … from 'react'` (vite.shared.ts aliases it here): Preact itself
 * and its hooks, plus the few React behaviours our views rely on (./react-props.ts). preact/compat
 * emulates all of React for ≈ 4 KB gzip that every visitor of every page paid for; the views use a small,
 * known part of React, and that part is all this module provides. A view that imports something not
 * exported here fails the embed build, so nothing can silently fall back to compat.
 *
 * Not emulated, because no view relies on it (a view that starts to needs a test here first): React's
 * event names beyond onChange/onFocus/onBlur (onDoubleClick, animation, transition, composition and
 * touch events keep Preact's casing), synthetic event objects (`nativeEvent`, `persist`), events from a
 * portal bubbling to its React parents, `defaultValue`/`defaultChecked` and `value={null}` on DOM
 * elements, `<select multiple value>`, `translate="no"`, restoring a controlled text field after a
 * refused keystroke, SVG camelCase attributes outside react-props.ts's prefixes, and useEffect running
 * before the next event (Preact runs it after the next frame).
 */
import './react-props';
import { createElement } from 'preact';

export { cloneElement, createContext, createElement, Fragment, isValidElement } from 'preact';
export {
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'preact/hooks';
export { useId } from './use-id';
export { useSyncExternalStore } from './use-sync-external-store';

/** r2wc calls `React.createElement` on the default export; nothing else does. */
export default { createElement };
