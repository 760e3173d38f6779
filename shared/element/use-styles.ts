import { useElementHost } from './host-context';
import { inLayer } from './styles';

/** One constructable sheet per distinct CSS text and layer on the page, adopted by every root that needs it. */
const sheets = new Map<string, CSSStyleSheet>();

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
 * Adds CSS to a shadow root once, in its cascade layer (shared/element/styles.ts): a primitive's in
 * `primitives`, the element's own (`own`: its stylesheet, and the rules a view loaded on demand brings) in
 * `element`. The layers, not the order of the adopted sheets, keep the element's CSS over every
 * primitive's, even one that joins later (a lazy view's Field or Modal).
 */
export function adoptStyles(root: ShadowRoot, css: string, own = false): void {
  const sheet = sheetOf(inLayer(own ? 'element' : 'primitives', css));
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
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
 * The element's own rules that come with a part loaded on demand (a view, the payment column), in the
 * element's layer as its stylesheet is, so they override the primitives as it does.
 */
export function useOwnStyles(...css: string[]): void {
  const { container } = useElementHost();
  if (container) for (const text of css) adoptStyles(container, text, true);
}
