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

/** The space each element takes once rendered (its skeleton's height); others reserve the default. */
const reserves: Record<string, string> = {
  'vendor-news': '420px',
  'vendor-sign-in': '360px',
  'vendor-tickets': '280px',
  'vendor-portal': '100vh',
  'vendor-checkout': '640px',
  'vendor-payment-result': '420px',
  'vendor-licenses': '420px',
  'vendor-downloads': '720px',
  'vendor-affiliate': '320px',
  'vendor-subscriptions': '260px',
  'vendor-purchases': '420px',
  'vendor-profile': '560px',
  'vendor-manager': '720px',
  'vendor-reports': '960px',
};
const defaultReserve = '240px';

export const elements: ElementEntry[] = Object.entries(loaders).map(([path, load]) => {
  const tag = `vendor-${path.split('/')[1]}` as const;
  return { tag, load, reserve: reserves[tag] ?? defaultReserve };
});
