// A check report written out (CHK-5): JSON for machines and JUnit XML for CI systems.
//
// JUnit mapping: one <testsuite> per area (card, frame, state, probe), one <testcase> per check that ran. A check
// fails (<failure>) when it found something of severity error OR WARNING — warnings fail too, on purpose: a CI job
// should see them, and one that wants only errors reads the JSON instead. Notes (info) never fail; they go to the
// test case's <system-out>. A probe that was skipped is <skipped/>; one that could not run at all (status `error`)
// is an <error>. Findings under a check id the catalogue does not know get a test case of their own, so nothing in
// the report is left out of the XML. Text is escaped, and characters XML 1.0 cannot carry become U+FFFD.
//
// Each test case names the public section its check comes from in <properties> (`spec`, `spec-url`), and every
// finding in a failure's text carries its own section and link, and how many times it was seen (×N) when the
// report merged identical findings.

import { CHECKS, describeCheck } from './catalog';
import type { CheckArea, CheckDefinition, CheckFinding, CheckReport, ProbeResult } from './types';

export function reportToJson(report: CheckReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** XML 1.0 text: the five entities escaped, and characters XML cannot carry at all replaced. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Attribute values are read with their line breaks folded to spaces anyway; a long one is cut. */
function attribute(text: string, max = 500): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return xmlText(line.length > max ? `${line.slice(0, max - 1)}…` : line);
}

const times = (finding: CheckFinding) => ((finding.count ?? 1) > 1 ? ` ×${finding.count}` : '');

function describe(finding: CheckFinding): string {
  const where = finding.frameIds.length > 0 ? ` [frames ${finding.frameIds.join(', ')}]` : '';
  const at = finding.pointer ? ` at ${finding.pointer}` : '';
  const spec = finding.specUrl ? `${finding.spec} <${finding.specUrl}>` : finding.spec;
  return `${finding.severity}: ${finding.message}${times(finding)} (${spec})${at}${where}`;
}

/** The check's section, for readers that show test case properties. */
function properties(check: CheckDefinition): string {
  const url = check.specUrl ? `<property name="spec-url" value="${attribute(check.specUrl)}"/>` : '';
  return `<properties><property name="spec" value="${attribute(check.spec)}"/>${url}</properties>`;
}

const AREAS: readonly CheckArea[] = ['card', 'frame', 'state', 'caller', 'trace', 'probe'];

function testCase(
  check: CheckDefinition,
  found: readonly CheckFinding[],
  probe: ProbeResult | undefined,
): { xml: string; outcome: 'passed' | 'failed' | 'error' | 'skipped' } {
  const failing = found.filter((f) => f.severity !== 'info');
  const notes = found.filter((f) => f.severity === 'info');
  let body = properties(check);
  let outcome: 'passed' | 'failed' | 'error' | 'skipped' = 'passed';
  if (probe?.status === 'skipped') {
    outcome = 'skipped';
    body += `<skipped message="${attribute(probe.message)}"/>`;
  } else if (probe?.status === 'error' && failing.length === 0) {
    outcome = 'error';
    body += `<error message="${attribute(probe.message)}" type="probe-error">${xmlText(probe.message)}</error>`;
  } else if (failing.length > 0 || probe?.status === 'failed' || probe?.status === 'error') {
    outcome = 'failed';
    const first = failing[0];
    const message = first ? `${first.message}${times(first)}` : (probe?.message ?? 'failed');
    const detail = failing.length > 0 ? failing.map(describe).join('\n') : (probe?.message ?? '');
    const type = failing.some((f) => f.severity === 'error') || failing.length === 0 ? 'error' : 'warning';
    const seen = failing.reduce((sum, f) => sum + (f.count ?? 1), 0);
    const count =
      failing.length > 1
        ? `${failing.length} findings${seen > failing.length ? ` (${seen} occurrences)` : ''}; the first: `
        : '';
    body += `<failure message="${attribute(count + message)}" type="${type}">${xmlText(detail)}</failure>`;
  }
  if (notes.length > 0) body += `<system-out>${xmlText(notes.map(describe).join('\n'))}</system-out>`;
  const time = probe ? ` time="${(probe.durationMs / 1000).toFixed(3)}"` : '';
  const name = `${check.id}: ${check.title}`;
  return {
    xml: `    <testcase classname="switchboard.${check.area}" name="${attribute(name)}"${time}>${body}</testcase>`,
    outcome,
  };
}

export function reportToJUnit(report: CheckReport): string {
  const byCheck = new Map<string, CheckFinding[]>();
  for (const finding of report.findings) {
    let list = byCheck.get(finding.checkId);
    if (!list) byCheck.set(finding.checkId, (list = []));
    list.push(finding);
  }
  const probes = new Map(report.probes.map((probe) => [probe.probeId, probe]));
  // The checks that ran, in catalogue order, then any other id the report names.
  const ids = new Set(CHECKS.map((check) => check.id).filter((id) => report.checksRun.includes(id)));
  for (const id of report.checksRun) ids.add(id);
  for (const id of byCheck.keys()) ids.add(id);
  const checks = [...ids].map(describeCheck);

  const suites: string[] = [];
  const totals = { tests: 0, failures: 0 };
  for (const area of AREAS) {
    const cases: string[] = [];
    const counts = { failures: 0, errors: 0, skipped: 0 };
    for (const check of checks.filter((c) => c.area === area)) {
      const { xml, outcome } = testCase(check, byCheck.get(check.id) ?? [], probes.get(check.id));
      cases.push(xml);
      if (outcome === 'failed') counts.failures++;
      else if (outcome === 'error') counts.errors++;
      else if (outcome === 'skipped') counts.skipped++;
    }
    // The caller's suite exists only for reports on proxied traffic, the trace suite only for traced requests.
    if ((area === 'caller' || area === 'trace') && cases.length === 0) continue;
    totals.tests += cases.length;
    totals.failures += counts.failures;
    const head = `  <testsuite name="switchboard.${area}" tests="${cases.length}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" timestamp="${attribute(report.generatedAt)}"`;
    suites.push(cases.length > 0 ? `${head}>\n${cases.join('\n')}\n  </testsuite>` : `${head}/>`);
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    // The root keeps to name, tests and failures (what every reader knows); errors and skips are per suite.
    `<testsuites name="Switchboard checks" tests="${totals.tests}" failures="${totals.failures}">\n` +
    `${suites.join('\n')}\n</testsuites>\n`
  );
}
