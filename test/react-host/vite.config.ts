import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The React host app, built the way a consumer builds theirs: real React, and the package resolved by its
 * name through node_modules/vendor-portal (a link to the repository that run.sh makes), so the import goes
 * through the package's `exports` to dist/react like an installed copy.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
  },
});
