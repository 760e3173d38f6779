import baseStyles from '../ui/base.css?inline';

/**
 * The cascade of every shadow root in three layers, whatever order the sheets arrive in: base.css, then
 * the primitives' CSS, then the element's own, which overrides both as when it came last in one file.
 * Every sheet starts with this statement, so the first one the root sees, `<style>` or adopted, sets it.
 */
export const layerOrder = '@layer base, primitives, element;';

export type StyleLayer = 'base' | 'primitives' | 'element';

/** CSS text placed in its layer, after the statement that orders the layers. */
export function inLayer(layer: StyleLayer, css: string): string {
  return `${layerOrder}\n@layer ${layer} {\n${css}\n}`;
}

/** The design tokens and base rules, placed first in every shadow root (custom element and React edition). */
export const sharedStyles = inLayer('base', baseStyles);
