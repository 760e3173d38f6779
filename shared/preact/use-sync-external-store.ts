import { useLayoutEffect, useReducer, useRef } from 'preact/hooks';

/**
 * React's `useSyncExternalStore` (what @nanostores/react calls) on Preact's hooks: render with the
 * store's current snapshot, subscribe before the browser paints, and render again whenever the
 * snapshot changed, including a change between the render and the subscription.
 */
export function useSyncExternalStore<Snapshot>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
): Snapshot {
  const snapshot = getSnapshot();
  // Whether the store moved on from what this render shows; the subscription asks the latest render.
  const changedSinceRender = () => !Object.is(snapshot, getSnapshot());
  const latest = useRef(changedSinceRender);
  latest.current = changedSinceRender;
  const [, rerender] = useReducer<number, void>((count) => count + 1, 0);

  useLayoutEffect(() => {
    const renderIfChanged = () => {
      if (latest.current()) rerender();
    };
    renderIfChanged();
    return subscribe(renderIfChanged);
  }, [subscribe]);

  return snapshot;
}
