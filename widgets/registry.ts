import { defaultReserve, reserves } from './reserves';

/**
 * Every element the bundle ships, found by convention: `widgets/<name>/define.ts` registers
 * `<vendor-<name>>`. The loader and `vendor.js` both read this list, and the build makes one entry per
 * folder, so adding an element is adding its folder.
 */
export interface ElementEntry {
  tag: `vendor-${string}`;
  load: () => Promise<unknown>;
  /** `min-height` of the element while its chunk loads, so pasting it causes no layout shift. */
  reserve: string;
}

const loaders = import.meta.glob('./*/define.ts');

export const elements: ElementEntry[] = Object.entries(loaders).map(([path, load]) => {
  const tag = `vendor-${path.split('/')[1]}` as const;
  return { tag, load, reserve: reserves[tag] ?? defaultReserve };
});
