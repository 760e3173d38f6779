/** Like widgets/loader.ts: imports an element's entry when the element appears. */
export const load = (name: 'alpha' | 'beta') =>
  name === 'alpha' ? import('./widgets/alpha/define') : import('./widgets/beta/define');
