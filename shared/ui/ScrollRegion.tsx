import type { ReactNode } from 'react';
import { useStyles } from '../element/use-styles';
import scrollRegionStyles from './scroll-region.css?inline';

export interface ScrollRegionProps {
  /** The region's name, read by a screen reader when it takes focus. */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * A box whose content (a wide table, a chart) scrolls sideways inside it rather than widening the page.
 * It takes focus and is named, so a keyboard user can scroll it too (axe scrollable-region-focusable):
 * its content has nothing focusable. A table inside keeps its columns instead of stacking as cards.
 */
export function ScrollRegion({ label, className, children }: ScrollRegionProps) {
  useStyles(scrollRegionStyles);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className={className ? `ui-scroll ${className}` : 'ui-scroll'} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
