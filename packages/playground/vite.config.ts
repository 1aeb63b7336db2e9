/**
 * The page is built from the workspace packages' own code (their `dist`, as an application would
 * import them). `base: './'` lets the same build be served at any path (`/playground/` by
 * `toolformat serve`, `/` by a static server).
 *
 * Core's root entry still imports Node built-ins for its models.yaml loader, which the page never
 * calls: they resolve to a stub that throws if called (src/node-builtins-stub.ts), so the bundle
 * neither warns nor breaks. Once the loader lives in `@toolformat/core/node`, the aliases can go.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const stub = fileURLToPath(new URL('./src/node-builtins-stub.ts', import.meta.url));

export default defineConfig({
  base: './',
  resolve: {
    alias: [{ find: /^node:(fs\/promises|module|path|url)$/, replacement: stub }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2048,
  },
});
