/**
 * Vite build of the web page (issue 14): `web/` → `dist/web/`, served by `gridrag serve` at `/`.
 * Preact through esbuild's automatic JSX runtime (no plugin); vega, vega-lite and vega-embed
 * bundled (the chart chunk is loaded on first chart), nothing fetched from another host.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  publicDir: false,
  logLevel: 'warn',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 2500,
    modulePreload: { polyfill: false },
  },
});
