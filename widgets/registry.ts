/**
 * Every element the bundle ships: its tag, how to load its chunk, and the space it reserves before it is
 * defined (so pasting it causes no layout shift). The loader and `vendor.js` both read this list.
 */
export interface ElementEntry {
  tag: `vendor-${string}`;
  load: () => Promise<unknown>;
  /** `min-height` of the element while its chunk loads. */
  reserve: string;
}

export const elements: ElementEntry[] = [
  { tag: 'vendor-news', load: () => import('./news/define'), reserve: '420px' },
];
