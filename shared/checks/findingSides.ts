// Which side of an exchange a finding judges (PRX-3): the agent (its card, answers, streams and task states, and the
// probes) or, on traffic the recording proxy carried, the caller that sent the requests. Reports list the two apart.

import { describeCheck } from './catalog';
import type { CheckFinding } from './types';

export type FindingSide = 'agent' | 'caller';

export function sideOf(finding: Pick<CheckFinding, 'checkId' | 'side'>): FindingSide {
  if (finding.side) return finding.side;
  return describeCheck(finding.checkId).area === 'caller' ? 'caller' : 'agent';
}

/** The findings of each side, each in the order given. */
export function findingsBySide(findings: readonly CheckFinding[]): Record<FindingSide, CheckFinding[]> {
  const sides: Record<FindingSide, CheckFinding[]> = { agent: [], caller: [] };
  for (const finding of findings) sides[sideOf(finding)].push(finding);
  return sides;
}
