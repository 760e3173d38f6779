import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import dts from 'vite-plugin-dts';
import { productionDefine } from './vite.shared';

/**
 * The React edition (`dist/react/`): the views as React components for React hosts, with React as a
 * peer dependency (never bundled) and type declarations from vite-plugin-dts.
 */
export default defineConfig({
  plugins: [
    react(),
    dts({
      tsconfigPath: './tsconfig.react.json',
      entryRoot: '.',
      outDirs: 'dist/react/types',
      exclude: ['**/*.test.*', '**/*.stories.*', 'server/**', 'test/**'],
    }),
  ],
  define: productionDefine,
  build: {
    outDir: 'dist/react',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    copyPublicDir: false,
    lib: {
      formats: ['es'],
      entry: { index: resolve(import.meta.dirname, 'widgets/react.ts') },
    },
    rolldownOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/],
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
