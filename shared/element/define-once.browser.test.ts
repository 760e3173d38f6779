import { describe, expect, it } from 'vitest';
import { defineOnce } from './define-once';

describe('defineOnce', () => {
  it('defines a free name and ignores a taken one instead of throwing', () => {
    class First extends HTMLElement {}
    class Second extends HTMLElement {}
    expect(defineOnce('vendor-define-once-probe', First)).toBe(true);
    expect(() => defineOnce('vendor-define-once-probe', Second)).not.toThrow();
    expect(defineOnce('vendor-define-once-probe', Second)).toBe(false);
    expect(customElements.get('vendor-define-once-probe')).toBe(First);
  });
});
