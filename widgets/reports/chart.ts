/**
 * The chart library (chartist, SVG) and its stylesheet, loaded on first use so that only a page showing
 * a report pays for them, and only once per page.
 */
type Chartist = typeof import('chartist');

let loading: Promise<{ lib: Chartist; css: string }> | null = null;

export function loadChartist(): Promise<{ lib: Chartist; css: string }> {
  loading ??= Promise.all([import('chartist'), import('chartist/dist/index.css?inline')]).then(
    ([lib, css]) => ({ lib, css: css.default }),
  );
  return loading;
}
