/**
 * What the embed build gets for `import … from 'react'` (vite.shared.ts aliases it here): Preact itself
 * and its hooks, plus the few React behaviours our views rely on (./react-props.ts). preact/compat
 * emulates all of React for ≈ 4 KB gzip that every visitor of every page paid for; the views use a small,
 * known part of React, and that part is all this module provides. A view that imports something not
 * exported here fails the embed build, so nothing can silently fall back to compat.
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
export { useId } from './portal-ids';
export { useSyncExternalStore } from './use-sync-external-store';

/** r2wc calls `React.createElement` on the default export; nothing else does. */
export default { createElement };
