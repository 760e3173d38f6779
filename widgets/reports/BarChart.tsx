import { useEffect, useRef, useState } from 'react';
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

/**
 * A chartist bar chart. It is a picture of the table beside it, which is what assistive technology
 * reads, so the SVG is hidden from it. The box keeps its height while the library loads.
 */
export function BarChart({ labels, series, horizontal = false, height = 220 }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [css, setCss] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let chart: { detach(): void } | null = null;
    void loadChartist().then(({ lib, css: styles }) => {
      if (cancelled || !box.current) return;
      setCss(styles);
      chart = new lib.BarChart(
        box.current,
        { labels, series },
        {
          horizontalBars: horizontal,
          reverseData: horizontal,
          seriesBarDistance: 12,
          axisY: {
            onlyInteger: true,
            offset: horizontal ? 120 : 40,
            // A bar's label stays on one line (two lines ran into the next bar's); the table has it whole.
            // Only set for bars along x: an undefined one replaces chartist's default and throws.
            ...(horizontal && {
              labelInterpolationFnc: (label: string | number) => shortLabel(String(label)),
            }),
          },
          axisX: { onlyInteger: true },
          height,
        },
      );
    });
    return () => {
      cancelled = true;
      chart?.detach();
    };
  }, [labels, series, horizontal, height]);

  return (
    <>
      {css && <style>{css}</style>}
      <div ref={box} className="reports__chart" style={{ height }} aria-hidden="true" />
    </>
  );
}
