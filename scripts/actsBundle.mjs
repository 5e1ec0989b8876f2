// Turns the vendored ACTS test files (vendor/acts/*.acts.yaml) into one JSON file the host imports, so the bundled
// app needs no YAML parser or loose data files at run time. The files are parsed as YAML 1.2 (as ACTS asks) and kept
// whole, keyed by file name; the runner resolves `include` against these names.
//
//   node scripts/actsBundle.mjs            writes vendor/acts/acts-suite.json
//   node scripts/actsBundle.mjs --check    fails when the written bundle differs from a fresh one

import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const DIR = 'vendor/acts';
const OUT = `${DIR}/acts-suite.json`;

export function bundleOf(dir) {
  const files = {};
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.acts.yaml'))
    .sort()) {
    files[name] = parse(readFileSync(`${dir}/${name}`, 'utf8'), { version: '1.2' });
  }
  return {
    source:
      'ACTS draft 0.1.0 from github.com/a2aproject/A2A (branch conformance-spec, commit dbcabfba4f01), Apache-2.0; parsed from vendor/acts/*.acts.yaml by scripts/actsBundle.mjs',
    master: 'suite.acts.yaml',
    files,
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const json = `${JSON.stringify(bundleOf(DIR))}\n`;
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(OUT, 'utf8');
    } catch {
      // Not written yet: stale like any other difference.
    }
    if (current !== json) {
      console.error(`${OUT} is stale: run node scripts/actsBundle.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(OUT, json);
    console.log(`wrote ${OUT} (${json.length} bytes)`);
  }
}
