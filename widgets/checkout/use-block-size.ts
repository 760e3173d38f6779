import { useLayoutEffect, useState } from 'react';

/** An element's height (its border box, whole pixels), followed as it changes; 0 until it is measured. */
export function useBlockSize(element: Element | null): number {
  const [size, setSize] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(() => setSize(Math.ceil(element.getBoundingClientRect().height)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
