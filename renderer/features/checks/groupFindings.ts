// The Checks panel's outline (CHK-1..CHK-5): findings by severity, and within a severity by check in catalogue order,
// each group with its count of distinct findings and of occurrences (the report merged identical findings, each
// with a `count`). Pure and linear, so a report with a hundred thousand findings is grouped in one pass.

import { CHECKS, describeCheck } from '../../../shared/checks/catalog';
import type { CheckDefinition, CheckFinding } from '../../../shared/checks/types';
import type { Severity } from '../../../shared/wire/finding';

export interface CheckGroup {
  check: CheckDefinition;
  findings: CheckFinding[];
  /** How many times the findings were seen, counting each merged finding's `count`. */
  occurrences: number;
}

export interface SeverityGroup {
  severity: Severity;
  /** Distinct findings. */
  count: number;
  occurrences: number;
  checks: CheckGroup[];
}

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

const ORDER = new Map(CHECKS.map((check, index) => [check.id, index]));

export function groupFindings(findings: readonly CheckFinding[]): SeverityGroup[] {
  const groups = new Map<Severity, Map<string, CheckGroup>>(SEVERITIES.map((s) => [s, new Map()]));
  for (const finding of findings) {
    const byCheck = groups.get(finding.severity)!;
    let group = byCheck.get(finding.checkId);
    if (!group) {
      group = { check: describeCheck(finding.checkId), findings: [], occurrences: 0 };
      byCheck.set(finding.checkId, group);
    }
    group.findings.push(finding);
    group.occurrences += finding.count ?? 1;
  }
  const rank = (id: string) => ORDER.get(id) ?? CHECKS.length;
  return SEVERITIES.flatMap((severity) => {
    const checks = [...groups.get(severity)!.values()].sort(
      (a, b) => rank(a.check.id) - rank(b.check.id) || a.check.id.localeCompare(b.check.id),
    );
    const count = checks.reduce((sum, group) => sum + group.findings.length, 0);
    const occurrences = checks.reduce((sum, group) => sum + group.occurrences, 0);
    return count > 0 ? [{ severity, count, occurrences, checks }] : [];
  });
}
