import { useElementHost } from './host-context';

/** One constructable sheet per distinct CSS text on the page, adopted by every shadow root that needs it. */
const sheets = new Map<string, CSSStyleSheet>();
/** Each root's sheet of the element's own CSS: kept last, so it still overrides the primitives' rules. */
const ownSheets = new WeakMap<ShadowRoot, CSSStyleSheet>();

function sheetOf(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/**
 * Adds CSS to a shadow root once. The cascade keeps the order the CSS had when it was one file: base.css
 * (the `<style>` in the tree, before every adopted sheet), then the primitives in the order they first
 * render, then the element's own CSS (`own`), which stays last as primitives join later (a view loaded on
 * demand brings its Field or Modal).
 */
export function adoptStyles(root: ShadowRoot, css: string, own = false): void {
  const sheet = sheetOf(css);
  const adopted = root.adoptedStyleSheets;
  if (adopted.includes(sheet)) return;
  const last = ownSheets.get(root);
  if (own) {
    ownSheets.set(root, sheet);
    root.adoptedStyleSheets = [...adopted.filter((s) => s !== last), sheet];
  } else {
    root.adoptedStyleSheets = last
      ? [...adopted.filter((s) => s !== last), sheet, last]
      : [...adopted, sheet];
  }
}

/**
 * A primitive's CSS, adopted into the element's shadow root the first time the primitive renders there:
 * an element ships and applies the CSS of the primitives it runs, no other. Called during render rather
 * than in an effect, so the rules are in place before the first paint and before any layout effect
 * measures (idempotent: a second call finds the sheet adopted). Outside an element (no container) it
 * does nothing.
 */
export function useStyles(...css: string[]): void {
  const { container } = useElementHost();
  if (container) for (const text of css) adoptStyles(container, text);
}
