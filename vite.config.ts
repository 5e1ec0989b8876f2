// Builds the renderer into dist/renderer with relative asset paths, so the same output loads from the desktop app
// scheme (app://switchboard/) and from the browser edition's server.

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './scripts/preactAliases.mjs';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  resolve: { alias: preactAliases },
  worker: { format: 'es' },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 6000,
    // The plugin-timing report is noise in CI logs; build speed is tracked by the benchmarks instead.
    rolldownOptions: {
      checks: { pluginTimings: false },
      // What the first screen imports statically goes into two chunks, its packages (Preact, TanStack Query and Virtual) and the app's
      // own code: left alone, the bundler splits out each module that a lazy view shares with the first screen, which
      // made 16 requests before the app could start; in one chunk, Chromium parses the whole script on one background
      // thread while the page waits, and two halves are parsed side by side (bench:start in BENCHMARKS.md).
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 1 },
            { name: 'start', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
