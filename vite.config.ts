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
    rolldownOptions: { checks: { pluginTimings: false } },
  },
});
