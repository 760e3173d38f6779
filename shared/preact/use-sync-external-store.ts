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
  const rendered = useRef({ snapshot, getSnapshot });
  rendered.current = { snapshot, getSnapshot };
  const [, rerender] = useReducer((count: number) => count + 1, 0);

  useLayoutEffect(() => {
    const renderIfChanged = () => {
      const { snapshot: shown, getSnapshot: read } = rendered.current;
      if (!Object.is(shown, read())) rerender(undefined);
    };
    renderIfChanged();
    return subscribe(renderIfChanged);
  }, [subscribe]);

  return snapshot;
}
