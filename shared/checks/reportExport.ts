// A check report written out (CHK-5): JSON for machines and JUnit XML for CI systems. In JUnit, each area is a test
// suite and each check that ran a test case; a check fails when it found something of severity error or warning
// (warnings fail too: CI should see them, and info findings go to system-out instead). Probes are test cases of the
// probe suite, skipped ones marked skipped.

import { CHECKS } from './catalog';
import type { CheckFinding, CheckReport } from './types';

export function reportToJson(report: CheckReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** XML 1.0 text: the five entities escaped, and characters XML cannot carry at all replaced. */
function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function describe(finding: CheckFinding): string {
  const where = finding.frameIds.length > 0 ? ` [frames ${finding.frameIds.join(', ')}]` : '';
  return `${finding.severity}: ${finding.message} (${finding.spec})${where}`;
}

export function reportToJUnit(report: CheckReport): string {
  const byCheck = new Map<string, CheckFinding[]>();
  for (const finding of report.findings) {
    byCheck.set(finding.checkId, [...(byCheck.get(finding.checkId) ?? []), finding]);
  }
  const ran = new Set(report.checksRun);
  const suites: string[] = [];
  let allTests = 0;
  let allFailures = 0;
  for (const area of ['card', 'frame', 'state', 'probe'] as const) {
    const cases: string[] = [];
    let failures = 0;
    let skipped = 0;
    for (const check of CHECKS.filter((c) => c.area === area && ran.has(c.id))) {
      const found = byCheck.get(check.id) ?? [];
      const failing = found.filter((f) => f.severity !== 'info');
      const info = found.filter((f) => f.severity === 'info');
      const probe = report.probes.find((p) => p.probeId === check.id);
      const name = `${check.id}: ${check.title}`;
      let body = '';
      if (probe?.status === 'skipped') {
        skipped++;
        body += `<skipped message="${xml(probe.message)}"/>`;
      } else if (failing.length > 0 || probe?.status === 'failed' || probe?.status === 'error') {
        failures++;
        const message = failing[0]?.message ?? probe?.message ?? 'failed';
        const detail = failing.length > 0 ? failing.map(describe).join('\n') : (probe?.message ?? '');
        body += `<failure message="${xml(message)}" type="${xml(check.severity)}">${xml(detail)}</failure>`;
      }
      if (info.length > 0) body += `<system-out>${xml(info.map(describe).join('\n'))}</system-out>`;
      cases.push(`    <testcase classname="switchboard.${area}" name="${xml(name)}">${body}</testcase>`);
    }
    allTests += cases.length;
    allFailures += failures;
    suites.push(
      `  <testsuite name="switchboard.${area}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" timestamp="${xml(report.generatedAt)}">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="Switchboard checks" tests="${allTests}" failures="${allFailures}">\n${suites.join('\n')}\n</testsuites>\n`;
}
