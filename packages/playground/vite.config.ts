/**
 * The page is built from the workspace packages' own code (their `dist`, as an application would
 * import them). `base: './'` lets the same build be served at any path (`/playground/` by
 * `toolformat serve`, `/` by a static server).
 */
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2048,
  },
});
