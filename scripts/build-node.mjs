// Bundles the Node side with esbuild: the Electron main process and preload (CommonJS, as Electron loads them),
// the browser-edition server, the launcher and the command line (ESM). Everything is bundled, so a package needs no
// node_modules.
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };

await Promise.all([
  build({
    ...common,
    entryPoints: ['electron/main.ts'],
    outfile: 'dist/electron/main.cjs',
    format: 'cjs',
    external: ['electron'],
  }),
  // Started as a worker thread by the host in every edition (host/agent/streamAnalyser.ts).
  build({
    ...common,
    entryPoints: ['electron/host/agent/analysisWorker.ts'],
    outfile: 'dist/electron/analysisWorker.cjs',
    format: 'cjs',
  }),
  build({
    ...common,
    entryPoints: ['electron/preload.ts'],
    outfile: 'dist/electron/preload.cjs',
    format: 'cjs',
    external: ['electron'],
  }),
  ...['server', 'launch', 'cli'].map((name) =>
    build({
      ...common,
      entryPoints: [`electron/${name}.ts`],
      outfile: `dist/electron/${name}.js`,
      format: 'esm',
      // Bundled CommonJS dependencies may call require(); give ESM output one.
      banner: {
        js: "import { createRequire as __sbCreateRequire } from 'node:module'; const require = __sbCreateRequire(import.meta.url);",
      },
    }),
  ),
]);
