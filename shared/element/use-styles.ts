import { useElementHost } from './host-context';

/** One constructable sheet per distinct CSS text on the page, adopted by every shadow root that needs it. */
const sheets = new Map<string, CSSStyleSheet>();
/** Each root's sheets of the element's own CSS, in order: kept last, so they still override the primitives. */
const ownSheets = new WeakMap<ShadowRoot, CSSStyleSheet[]>();

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
 * render, then the element's own CSS (`own`: its stylesheet, and the rules a view loaded on demand brings),
 * which stays after every primitive, even one that joins later (a lazy view's Field or Modal).
 */
export function adoptStyles(root: ShadowRoot, css: string, own = false): void {
  const sheet = sheetOf(css);
  if (root.adoptedStyleSheets.includes(sheet)) return;
  const owned = ownSheets.get(root) ?? [];
  if (own) ownSheets.set(root, [...owned, sheet]);
  const primitives = root.adoptedStyleSheets.filter((adopted) => !owned.includes(adopted));
  root.adoptedStyleSheets = own ? [...primitives, ...owned, sheet] : [...primitives, sheet, ...owned];
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

/**
 * The element's own rules that come with a part loaded on demand (a view, the payment column), adopted
 * after the primitives as the element's stylesheet is, so they override the primitives as it does.
 */
export function useOwnStyles(...css: string[]): void {
  const { container } = useElementHost();
  if (container) for (const text of css) adoptStyles(container, text, true);
}
