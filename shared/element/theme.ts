export const themes = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof themes)[number];

/** Unknown values fall back to light rather than leaving the element unstyled. */
export function parseTheme(value: string | null | undefined): Theme {
  return themes.includes(value as Theme) ? (value as Theme) : 'light';
}
