// What the built page loads before the app can start (vite.config.ts): the first screen's code in two chunks that
// Chromium parses side by side, its packages (Preact standing in for React, scripts/preactAliases.mjs) and the app's
// own code, plus the bundler's small runtime when it keeps one apart, all asked for by the page itself; React DOM and
// Monaco in neither. Their source maps say what is in each.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const rendererDir = path.resolve('dist/renderer');

/** The scripts the page names: its entry script and what it preloads, as paths under dist/renderer. */
function pageScripts(html: string): { entry: string[]; preloaded: string[] } {
  const src = [...html.matchAll(/<script type="module"[^>]*src="\.\/([^"]+)"/g)].map((m) => m[1]!);
  const preload = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\.\/([^"]+)"/g)].map((m) => m[1]!);
  return { entry: src, preloaded: preload };
}

function sourcesOf(file: string): string[] {
  const map = JSON.parse(readFileSync(path.join(rendererDir, `${file}.map`), 'utf8')) as {
    sources: string[];
  };
  return map.sources;
}

const fromPackage = (source: string) => source.includes('/node_modules/');
/** A chunk's name without its content hash (Vite's eight characters). */
const chunkName = (file: string) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');

describe('the first screen in the built page', () => {
  beforeAll(() => {
    // `npm test` builds first; run alone, this builds when the output is missing or older than its sources.
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { encoding: 'utf8' });
    if (built.status !== 0 || !existsSync(path.join(rendererDir, 'index.html'))) {
      throw new Error(`This test reads the built page, and the build failed:\n${built.stderr}`);
    }
  }, 300_000);

  it('is an entry of the app code and a preloaded chunk of its packages, beside the runtime', () => {
    const { entry, preloaded } = pageScripts(readFileSync(path.join(rendererDir, 'index.html'), 'utf8'));
    expect(entry).toHaveLength(1);
    // Besides the packages, only the bundler's runtime may be preloaded (it is folded into a chunk when it fits one):
    // the app's code is the entry.
    expect(preloaded.map(chunkName).filter((name) => name !== 'rolldown-runtime')).toEqual(['vendor']);
    const vendor = preloaded.find((file) => chunkName(file) === 'vendor')!;

    const vendorSources = sourcesOf(vendor);
    expect(vendorSources.every(fromPackage)).toBe(true);
    expect(vendorSources.some((source) => source.includes('/node_modules/preact/'))).toBe(true);
    expect(vendorSources.some((source) => /\/node_modules\/react(-dom)?\//.test(source))).toBe(false);

    const appSources = sourcesOf(entry[0]!);
    expect(appSources.some((source) => source.endsWith('renderer/main.tsx'))).toBe(true);
    expect(appSources.filter(fromPackage)).toEqual([]);

    for (const source of [...vendorSources, ...appSources]) expect(source).not.toMatch(/monaco-editor/);
  });
});
