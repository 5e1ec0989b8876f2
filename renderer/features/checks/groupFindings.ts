// The Checks panel's outline (CHK-1..CHK-5): findings by severity, and within a severity by check in catalogue order,
// each group with its count. Pure and linear, so a report with a hundred thousand findings is grouped in one pass.

import { CHECKS, describeCheck } from '../../../shared/checks/catalog';
import type { CheckDefinition, CheckFinding } from '../../../shared/checks/types';
import type { Severity } from '../../../shared/wire/finding';

export interface CheckGroup {
  check: CheckDefinition;
  findings: CheckFinding[];
}

export interface SeverityGroup {
  severity: Severity;
  count: number;
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
      group = { check: describeCheck(finding.checkId), findings: [] };
      byCheck.set(finding.checkId, group);
    }
    group.findings.push(finding);
  }
  const rank = (id: string) => ORDER.get(id) ?? CHECKS.length;
  return SEVERITIES.flatMap((severity) => {
    const checks = [...groups.get(severity)!.values()].sort(
      (a, b) => rank(a.check.id) - rank(b.check.id) || a.check.id.localeCompare(b.check.id),
    );
    const count = checks.reduce((sum, group) => sum + group.findings.length, 0);
    return count > 0 ? [{ severity, count, checks }] : [];
  });
}
