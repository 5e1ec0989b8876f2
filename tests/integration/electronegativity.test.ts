// Electron static analysis in CI (issue 10, SEC-1): electronegativity over the built main and preload must report
// nothing beyond the reviewed baseline, and every baseline entry must still be needed and carry a reason. The
// comparison itself is checked on made-up findings, so a new finding is known to fail the run.

import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compareWithBaseline,
  csvFields,
  describeComparison,
  parseReport,
  readBaseline,
  runElectronegativity,
  TARGETS,
  type Finding,
} from './support/electronegativity';

const finding = (extra: Partial<Finding>): Finding => ({
  check: 'OPEN_EXTERNAL_JS_CHECK',
  severity: 'MEDIUM',
  confidence: 'TENTATIVE',
  file: 'main.js',
  location: '1:1',
  sample: 'open: (url) => shell.openExternal(url)',
  description: 'Review the use of openExternal',
  ...extra,
});

describe('comparing findings with the baseline', () => {
  const baseline = [
    {
      check: 'OPEN_EXTERNAL_JS_CHECK',
      file: 'main.js',
      contains: 'shell.openExternal(',
      reason: 'x'.repeat(30),
    },
    { check: 'CSP_GLOBAL_CHECK', file: 'N/A', reason: 'y'.repeat(30) },
  ];

  it('accepts what the baseline lists, wherever the build put it', () => {
    const result = compareWithBaseline(
      [
        finding({ location: '127131:18' }),
        finding({ check: 'CSP_GLOBAL_CHECK', file: 'N/A', sample: 'N/A' }),
      ],
      baseline,
    );
    expect(result).toEqual({ unexpected: [], stale: [], unreasoned: [] });
  });

  it('fails on a new finding, a second one of an accepted kind, and a stale or unreasoned entry', () => {
    const nodeIntegration = finding({ check: 'NODE_INTEGRATION_JS_CHECK', sample: 'nodeIntegration: true' });
    const result = compareWithBaseline(
      [finding({}), finding({ location: '9:9' }), nodeIntegration],
      [...baseline, { check: 'SANDBOX_JS_CHECK', file: 'main.js', reason: 'too short' }],
    );
    expect(result.unexpected).toEqual([finding({ location: '9:9' }), nodeIntegration]);
    expect(result.stale.map((s) => s.entry.check)).toEqual(['CSP_GLOBAL_CHECK', 'SANDBOX_JS_CHECK']);
    expect(result.unreasoned.map((e) => e.check)).toEqual(['SANDBOX_JS_CHECK']);
    expect(describeComparison([finding({}), nodeIntegration], result)).toContain(
      'NODE_INTEGRATION_JS_CHECK (MEDIUM) in main.js at 1:1: nodeIntegration: true',
    );
  });

  it('says a file with no finding at all was probably not read', () => {
    const onlyGlobal = [finding({ check: 'CSP_GLOBAL_CHECK', file: 'N/A', sample: 'N/A' })];
    const text = describeComparison(onlyGlobal, compareWithBaseline(onlyGlobal, baseline));
    expect(text).toContain('No finding at all in main.js');
    expect(text).not.toContain('No finding at all in N/A');
  });

  it('reads the CSV report, quoted commas and quotes included, and refuses one without its header', () => {
    expect(csvFields('A,"b, c","say ""hi""",d')).toEqual(['A', 'b, c', 'say "hi"', 'd']);
    const csv =
      'issue, severity, confidence, filename, location, sample, description, url\n' +
      'CSP_GLOBAL_CHECK,"MEDIUM","CERTAIN","N/A","0:0",N/A,"No CSP, none",https://x\n';
    expect(parseReport(csv)).toEqual([
      {
        check: 'CSP_GLOBAL_CHECK',
        severity: 'MEDIUM',
        confidence: 'CERTAIN',
        file: 'N/A',
        location: '0:0',
        sample: 'N/A',
        description: 'No CSP, none',
      },
    ]);
    expect(() => parseReport('')).toThrow('no report header');
  });
});

describe('electronegativity on the built desktop app', () => {
  let findings: Finding[];
  beforeAll(() => {
    // npm test builds first; a developer running this file alone gets a build too.
    if (TARGETS.some((t) => !existsSync(t.built)))
      spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed']);
    findings = runElectronegativity();
  }, 180_000);

  it('reports nothing the reviewed baseline does not accept, and the baseline is current', () => {
    const comparison = compareWithBaseline(findings, readBaseline());
    expect(comparison, describeComparison(findings, comparison)).toEqual({
      unexpected: [],
      stale: [],
      unreasoned: [],
    });
  });

  it('really reads the bundles: the reviewed openExternal call is found in main.js', () => {
    expect(findings.some((f) => f.check === 'OPEN_EXTERNAL_JS_CHECK' && f.file === 'main.js')).toBe(true);
  });
});
