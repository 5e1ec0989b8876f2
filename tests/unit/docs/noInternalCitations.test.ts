// No user-facing text names a document the user has never seen: not the checks catalogue, not any reference the spec
// module makes, not the checks documentation, and not the built app and command line. The esbuild bundles keep some
// source comments (those inside expressions), which are for developers; they are dropped here before reading, so
// what is read is the code and its strings. The built output is made first when it is missing or older than its
// sources, as `npm test` does before running this.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { allCheckSpecs, CHECKS, describeCheck } from '../../../shared/checks/catalog';
import { allSpecRefs } from '../../../shared/checks/specRefs';

const INTERNAL = ['PROTOCOL.md', 'FEATURES.md', 'DESIGN.md'];

/** The internal document names a text contains, each with the text around it. */
function internalNames(text: string): string[] {
  const found: string[] = [];
  for (const name of INTERNAL) {
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      found.push(text.slice(Math.max(0, at - 60), at + name.length + 20).replace(/\s+/g, ' '));
    }
  }
  return found;
}

/** A script without its comments (legal ones included): only code and strings are left. */
function withoutComments(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (!/\.c?js$/.test(file)) return text;
  return transformSync(text, { loader: 'js', minifyWhitespace: true, legalComments: 'none' }).code;
}

function filesUnder(dir: string, extensions: readonly string[]): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, extensions));
    else if (extensions.some((ext) => entry.name.endsWith(ext))) out.push(full);
  }
  return out;
}

describe('the checks catalogue and the spec references', () => {
  it('cite public sections only, each with a link', () => {
    for (const check of [...CHECKS, describeCheck('vendor.future')]) {
      expect(internalNames(`${check.spec} ${check.specUrl ?? ''}`), check.id).toEqual([]);
      expect(check.specUrl, check.id).toMatch(/^https:\/\//);
    }
    for (const ref of [...allSpecRefs(), ...allCheckSpecs()]) {
      expect(internalNames(`${ref.label} ${ref.url}`), ref.label).toEqual([]);
    }
  });

  it('docs/checks.md cites them too, with the catalogue’s labels and links', () => {
    const doc = readFileSync(path.resolve('docs/checks.md'), 'utf8');
    expect(internalNames(doc)).toEqual([]);
    for (const check of CHECKS) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${check.id}\` `));
      expect(row?.split('|')[3]?.trim(), check.id).toBe(`[${check.spec}][${check.id}]`);
      expect(doc, check.id).toContain(`\n[${check.id}]: ${check.specUrl}\n`);
    }
  });
});

describe('the built app and command line', () => {
  const electronDir = path.resolve('dist/electron');
  const rendererDir = path.resolve('dist/renderer');

  beforeAll(() => {
    // `npm test` builds first; run alone, this builds when the output is missing or older than its sources.
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { encoding: 'utf8' });
    if (built.status !== 0 || !existsSync(electronDir) || !existsSync(rendererDir)) {
      throw new Error(
        `This test reads the built output, and the build failed (run \`node scripts/build.mjs\`):\n${built.stderr}`,
      );
    }
  }, 300_000);

  it('holds no string naming an internal document', () => {
    const files = [
      ...readdirSync(electronDir)
        .filter((name) => /\.(c?js)$/.test(name))
        .map((name) => path.join(electronDir, name)),
      ...filesUnder(rendererDir, ['.js', '.html', '.css']),
    ];
    expect(files.some((file) => file.endsWith('cli.js'))).toBe(true);
    expect(files.some((file) => file.endsWith('index.html'))).toBe(true);
    const found = files.flatMap((file) =>
      internalNames(withoutComments(file)).map((at) => `${path.relative(process.cwd(), file)}: …${at}…`),
    );
    expect(found).toEqual([]);
  });
});
