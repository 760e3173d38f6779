import { resolve } from 'node:path';
import type { Alias } from 'vite';

const preactShim = (file: string) => resolve(import.meta.dirname, 'shared/preact', file);

/**
 * The embed build renders with Preact instead of React: about 6 KB instead of 60 KB gzip for every
 * visitor of every page an element is pasted into. `react` and `react-dom` resolve to shared/preact/,
 * which gives the views the part of React they use (not preact/compat, which emulates all of it). The
 * most specific paths come first.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: preactShim('react-dom-client.ts') },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: preactShim('react-dom.ts') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: preactShim('react.ts') },
];

/** Library builds keep `process.env.NODE_ENV` as it is unless it is replaced (then dev builds ship). */
export const productionDefine = { 'process.env.NODE_ENV': '"production"' };

/** Debian's Chromium; CHROMIUM_PATH points elsewhere. Never a downloaded browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags Chromium needs as root in a container, and to stay off the (closed) network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
