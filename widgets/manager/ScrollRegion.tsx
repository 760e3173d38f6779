import type { ReactNode } from 'react';

/**
 * A wide table scrolls sideways on narrow screens; the scrolling box is focusable and named so that a
 * keyboard user can scroll it too (the table itself has no focusable cells).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="manager__scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
