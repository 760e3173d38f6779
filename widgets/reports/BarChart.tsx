import { useEffect, useRef } from 'react';
import { useElementHost } from '../../shared/element/host-context';
import { adoptStyles } from '../../shared/element/use-styles';
import { loadChartist } from './chart';

export interface BarChartProps {
  labels: string[];
  series: number[][];
  /** Bars along the x axis (a distribution) instead of up the y axis (months). */
  horizontal?: boolean;
  height?: number;
}

/** Up to 16 characters, cut with an ellipsis: what fits the 120 px label column in one line. */
export function shortLabel(label: string, max = 16): string {
  return label.length <= max ? label : `${label.slice(0, max - 1).trimEnd()}…`;
}

/** Month labels ('Jan 2026') need about this much room each, on one line. */
const monthLabelPx = 64;

/**
 * Which month labels a chart of `width` px has room for: every `n`th from the first (1: all of them). At
 * 320 px twelve labels ran into each other; the table under the chart names every month.
 */
export function labelStep(count: number, width: number, axisOffset = 40): number {
  const room = width - axisOffset;
  return room <= 0 ? count : Math.max(1, Math.ceil((count * monthLabelPx) / room));
}

/**
 * How wide a month's two bars are, and how far apart, for a chart of `width` px: 14 px and 12 px where
 * there is room, narrower in a phone's card so that a month's bars stay in its own slot (at 320 px they ran
 * into the next month's).
 */
export function barSize(count: number, width: number, axisOffset = 40): { bar: number; distance: number } {
  const slot = Math.max(0, width - axisOffset) / Math.max(1, count);
  return { bar: Math.min(14, Math.max(2, slot * 0.4)), distance: Math.min(12, Math.max(2, slot * 0.4)) };
}

/**
 * A chartist bar chart. It is a picture of the table beside it, which is what assistive technology
 * reads, so the SVG is hidden from it. The box keeps its height while the library loads.
 */
export function BarChart({ labels, series, horizontal = false, height = 220 }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { container } = useElementHost();

  useEffect(() => {
    let cancelled = false;
    let chart: { detach(): void } | null = null;
    void loadChartist().then(({ lib, css: styles }) => {
      if (cancelled || !box.current) return;
      // Chartist's own rules in the primitives' layer: unlayered, they beat the element's (its red bars
      // over the legend's colours), since a layered rule loses to any unlayered one.
      if (container) adoptStyles(container, styles);
      // Sized once, from the width the chart starts at (read once: chartist then lays out its labels).
      const width = box.current.clientWidth;
      const size = barSize(horizontal ? 1 : labels.length, width);
      const step = labelStep(labels.length, width);
      box.current.style.setProperty('--reports-bar', `${size.bar}px`);
      chart = new lib.BarChart(
        box.current,
        { labels, series },
        {
          horizontalBars: horizontal,
          reverseData: horizontal,
          seriesBarDistance: size.distance,
          axisY: {
            onlyInteger: true,
            offset: horizontal ? 120 : 40,
            // A bar's label stays on one line (two lines ran into the next bar's); the table has it whole.
            // Only set for bars along x: an undefined one replaces chartist's default and throws.
            ...(horizontal && {
              labelInterpolationFnc: (label: string | number) => shortLabel(String(label)),
            }),
          },
          axisX: {
            onlyInteger: true,
            ...(!horizontal && {
              labelInterpolationFnc: (label: string | number, index: number) =>
                index % step === 0 ? label : null,
            }),
          },
          height,
        },
      );
    });
    return () => {
      cancelled = true;
      chart?.detach();
    };
  }, [labels, series, horizontal, height, container]);

  return <div ref={box} className="reports__chart" style={{ height }} aria-hidden="true" />;
}
