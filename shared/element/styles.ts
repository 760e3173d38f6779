import baseStyles from '../ui/base.css?inline';

/** The design tokens and base rules, placed first in every shadow root (custom element and React edition). */
export const sharedStyles = baseStyles;
