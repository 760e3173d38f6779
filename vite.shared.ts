import type { Alias } from 'vite';

/**
 * The embed build renders with Preact instead of React: about 10 KB instead of 60 KB gzip for every
 * visitor of every page an element is pasted into. `react` and `react-dom` (and their entry points that
 * r2wc and the JSX transform import) resolve to preact/compat, Preact's own emulation of React's API.
 * The most specific paths come first.
 */
export const compatAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/compat/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
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
