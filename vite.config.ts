// Builds the renderer into dist/renderer with relative asset paths, so the same output loads from the desktop app
// scheme (app://switchboard/) and from the browser edition's server.

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
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
      // Everything the first screen imports statically goes into one chunk: left alone, the bundler splits out each
      // module that a lazy view shares with the first screen, which made 16 requests before the app could start.
      output: { codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } },
    },
  },
});
