// Electron static analysis (issue 10, SEC-1): runs @doyensec/electronegativity on the compiled main and preload, reads
// its CSV report (its exit code is always 0, so the report is the only answer) and compares the findings with the
// reviewed baseline in security/electronegativity-baseline.json, where every accepted finding carries its reason.
//
// The tool skips TypeScript syntax it does not know and reads only `.js` files, so the built `.cjs` bundles are copied
// under `.js` names first. Locations move with every build, so a baseline entry names a check, a file and a piece of
// the flagged code instead of a line.

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Finding {
  check: string;
  severity: string;
  confidence: string;
  /** `main.js`, `preload.js`, or `N/A` for a check over the whole application. */
  file: string;
  location: string;
  sample: string;
  description: string;
}

export interface BaselineEntry {
  check: string;
  file: string;
  /** Text the finding's sample contains; absent for a check over the whole application. */
  contains?: string;
  /** How many findings the entry accepts (1 when absent). */
  count?: number;
  reason: string;
}

export interface Comparison {
  /** Findings no baseline entry accepts: each fails the test. */
  unexpected: Finding[];
  /** Entries that accept fewer findings than they say (the code changed): the baseline must be brought up to date. */
  stale: Array<{ entry: BaselineEntry; found: number }>;
  /** Entries without a reason. */
  unreasoned: BaselineEntry[];
}

export const BASELINE_FILE = path.resolve('security/electronegativity-baseline.json');
/** What the tool reads: the bundles the desktop app loads. */
export const TARGETS = [
  { built: 'dist/electron/main.cjs', as: 'main.js' },
  { built: 'dist/electron/preload.cjs', as: 'preload.js' },
];
const ELECTRON_VERSION = '45.4.1';

/** One CSV line into fields: quoted fields may hold commas and doubled quotes. */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** The tool's CSV report as findings; a report without its header line is an error, not "no findings". */
export function parseReport(csv: string): Finding[] {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines.shift();
  if (!header?.startsWith('issue, severity, confidence, filename, location, sample, description')) {
    throw new Error(`electronegativity wrote no report header (got ${JSON.stringify(header ?? '')})`);
  }
  return lines.map((line) => {
    const [
      check = '',
      severity = '',
      confidence = '',
      file = '',
      location = '',
      sample = '',
      description = '',
    ] = csvFields(line);
    return { check, severity, confidence, file, location, sample, description };
  });
}

function accepts(entry: BaselineEntry, finding: Finding): boolean {
  return (
    entry.check === finding.check &&
    entry.file === finding.file &&
    (entry.contains === undefined || finding.sample.includes(entry.contains))
  );
}

export function compareWithBaseline(
  findings: readonly Finding[],
  baseline: readonly BaselineEntry[],
): Comparison {
  const used = new Map<BaselineEntry, number>();
  const unexpected: Finding[] = [];
  for (const finding of findings) {
    const entry = baseline.find((e) => accepts(e, finding) && (used.get(e) ?? 0) < (e.count ?? 1));
    if (entry) used.set(entry, (used.get(entry) ?? 0) + 1);
    else unexpected.push(finding);
  }
  return {
    unexpected,
    stale: baseline
      .filter((entry) => (used.get(entry) ?? 0) < (entry.count ?? 1))
      .map((entry) => ({ entry, found: used.get(entry) ?? 0 })),
    unreasoned: baseline.filter((entry) => entry.reason.trim().length < 20),
  };
}

export function readBaseline(file = BASELINE_FILE): BaselineEntry[] {
  const value = JSON.parse(readFileSync(file, 'utf8')) as { accepted?: unknown };
  if (!Array.isArray(value.accepted)) throw new Error(`${file} has no "accepted" list`);
  return value.accepted as BaselineEntry[];
}

/** Runs the tool on the built bundles (build first: `node scripts/build.mjs`) and returns its findings. */
export function runElectronegativity(): Finding[] {
  const missing = TARGETS.filter((t) => !existsSync(t.built)).map((t) => t.built);
  if (missing.length > 0)
    throw new Error(`Build first (node scripts/build.mjs): ${missing.join(', ')} missing`);
  const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-electronegativity-'));
  try {
    const input = path.join(dir, 'input');
    const report = path.join(dir, 'report.csv');
    mkdirSync(input);
    for (const target of TARGETS) copyFileSync(target.built, path.join(input, target.as));
    const bin = path.resolve('node_modules/@doyensec/electronegativity/dist/index.js');
    // -e: the tool would otherwise look the Electron version up online; -r: file names relative to the input.
    // syncWriteFile.mjs puts the tool's two unordered report writes in order (see there).
    const inOrder = pathToFileURL(path.resolve('tests/integration/support/syncWriteFile.mjs')).href;
    const result = spawnSync(
      process.execPath,
      ['--import', inOrder, bin, '-i', input, '-o', report, '-r', '-e', ELECTRON_VERSION],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    if (!existsSync(report)) {
      throw new Error(
        `electronegativity wrote no report (exit ${result.status}): ${result.stderr.slice(0, 2000)}`,
      );
    }
    return parseReport(readFileSync(report, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A readable account of a comparison, for test failures and `npm run security:electron`. */
export function describeComparison(findings: readonly Finding[], comparison: Comparison): string {
  const line = (f: Finding) =>
    `  ${f.check} (${f.severity}) in ${f.file} at ${f.location}: ${f.sample.slice(0, 160)}`;
  return [
    `${findings.length} findings; ${findings.length - comparison.unexpected.length} accepted by the baseline.`,
    ...(comparison.unexpected.length > 0
      ? [
          'New findings (fix them, or review and add them to the baseline with a reason):',
          ...comparison.unexpected.map(line),
        ]
      : []),
    ...(comparison.stale.length > 0
      ? [
          'Baseline entries no longer found (remove or update them):',
          ...comparison.stale.map(
            ({ entry, found }) => `  ${entry.check} in ${entry.file} (${found} of ${entry.count ?? 1})`,
          ),
        ]
      : []),
    // The tool drops a file it fails to walk without a word, so a file with no finding at all is suspect.
    ...[...new Set(comparison.stale.map(({ entry }) => entry.file))]
      .filter((file) => file !== 'N/A' && !findings.some((f) => f.file === file))
      .map(
        (file) =>
          `No finding at all in ${file}: the tool probably could not read it (a \`#\` class member is one cause).`,
      ),
    ...(comparison.unreasoned.length > 0
      ? [
          'Baseline entries without a real reason:',
          ...comparison.unreasoned.map((e) => `  ${e.check} in ${e.file}`),
        ]
      : []),
  ].join('\n');
}
