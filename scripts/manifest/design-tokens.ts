import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { rootDir } from './source-program';

/** A `--vendor-*` custom property set on every element's `:host` by shared/ui/base.css. */
export interface DesignToken {
  name: string;
  /** The declared value, e.g. `light-dark(#ffffff, #141821)` or `8px`. */
  value: string;
  /** The value in the light scheme (the declared value when it does not depend on the scheme). */
  light: string;
  /** The value in the dark scheme. */
  dark: string;
  /** What the token paints, from the table below. */
  description: string;
  group: TokenGroup;
}

export type TokenGroup = 'Colours' | 'Shape and type' | 'Layout';

/*
 * What each token is for. base.css holds the values and this table the words: a token added to base.css
 * without a line here fails the manifest test, so the docs never miss one.
 */
const descriptions: Record<string, [TokenGroup, string]> = {
  '--vendor-color-bg': ['Colours', "The element's background."],
  '--vendor-color-surface': ['Colours', 'Cards, panels and table headers.'],
  '--vendor-color-text': ['Colours', 'Body text.'],
  '--vendor-color-muted': ['Colours', 'Secondary text: hints, dates, captions.'],
  '--vendor-color-border': ['Colours', 'Borders of fields, cards and tables.'],
  '--vendor-color-primary': ['Colours', 'Buttons, links, the active tab and selected options.'],
  '--vendor-color-primary-text': ['Colours', 'Text on primary buttons.'],
  '--vendor-color-success': ['Colours', 'Active badges, confirmations.'],
  '--vendor-color-warning': ['Colours', 'Pending and warning states.'],
  '--vendor-color-danger': ['Colours', 'Errors, field messages, destructive buttons.'],
  '--vendor-color-danger-text': ['Colours', 'Text on destructive buttons.'],
  '--vendor-color-focus': ['Colours', 'The keyboard focus ring.'],
  '--vendor-color-skeleton': ['Colours', 'Loading placeholders.'],
  '--vendor-color-overlay': ['Colours', 'The backdrop behind dialogs.'],
  '--vendor-radius': ['Shape and type', 'Corner radius of buttons, fields, cards and dialogs.'],
  '--vendor-font': ['Shape and type', 'Font family (the host page’s font is not inherited unless set here).'],
  '--vendor-font-size': ['Shape and type', 'Base font size; headings scale from it.'],
  '--vendor-shadow': ['Shape and type', 'Elevation of cards, menus and dialogs.'],
  '--vendor-space': ['Layout', 'The spacing unit: paddings and gaps are multiples of it.'],
  '--vendor-table-row-height': ['Layout', 'Row height of tables; loading rows keep it, so nothing shifts.'],
};

/** The `:host { … }` declarations of `--vendor-*` in base.css, in their order there. */
export function declaredTokens(css = readFileSync(resolve(rootDir, 'shared/ui/base.css'), 'utf8')) {
  const host = /:host\s*\{([^}]*)\}/.exec(css.replace(/\/\*[\s\S]*?\*\//g, ''))?.[1] ?? '';
  return [...host.matchAll(/(--vendor-[a-z0-9-]+)\s*:\s*([^;]+);/g)].map((match) => ({
    name: match[1] ?? '',
    value: (match[2] ?? '').replace(/\s+/g, ' ').trim(),
  }));
}

/** The two values of `light-dark(a, b)`, split at the top-level comma. */
function schemes(value: string): { light: string; dark: string } {
  const inner = /^light-dark\((.*)\)$/.exec(value)?.[1];
  if (!inner) return { light: value, dark: value };
  let depth = 0;
  for (let index = 0; index < inner.length; index += 1) {
    const char = inner[index];
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0)
      return { light: inner.slice(0, index).trim(), dark: inner.slice(index + 1).trim() };
  }
  return { light: value, dark: value };
}

/** Tokens whose description is missing here, or described here but gone from base.css. */
export function undescribedTokens(): { missing: string[]; stale: string[] } {
  const declared = declaredTokens().map((token) => token.name);
  return {
    missing: declared.filter((name) => !(name in descriptions)),
    stale: Object.keys(descriptions).filter((name) => !declared.includes(name)),
  };
}

export function designTokens(): DesignToken[] {
  return declaredTokens().map(({ name, value }) => {
    const [group, description] = descriptions[name] ?? ['Layout', ''];
    return { name, value, ...schemes(value), group, description };
  });
}
