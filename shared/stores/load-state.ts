/** The string state of every store that loads (DESIGN §5). */
export type LoadState = 'idle' | 'loading' | 'ready' | 'error';
