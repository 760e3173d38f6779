/**
 * `vendor.js`: registers every element at once, for pages that use several of them or that prefer one
 * request to lazy loading. Each element's `define` module is idempotent.
 */
import.meta.glob('./*/define.ts', { eager: true });
