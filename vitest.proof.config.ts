import { defineConfig } from 'vitest/config';

/**
 * The proof suite (issue #16): load, scale-out, faults, route inventory, access matrix and fuzzing, each a
 * `*.proof.test.ts` file in Node against real servers and a real database. Files run one after the other:
 * they start servers and measure latency, and two of them at once on two shared cores would skew every figure.
 */
export default defineConfig({
  test: {
    name: 'proof',
    environment: 'node',
    include: ['test/proof/**/*.proof.test.ts'],
    // The demo data seeded once for the run; each test app copies it.
    globalSetup: ['server/test-support/seeded-template.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
