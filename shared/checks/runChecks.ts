// The check run (CHK-1..CHK-3, CHK-5): card findings, frame findings and state machine findings over a list of
// frames, plus probe results when there are some, gathered into one report. A pure function of its input, linear in
// the number of frames, so the Checks panel, the CLI and tests all get the same answer from the same frames.

import { latestRevisions } from '../session/latestRevisions';
import { TimelineModel } from '../timeline/timelineModel';
import type { Finding } from '../wire/finding';
import type { Frame } from '../wire/frame';
import { CHECKS, checkById, frameCheckFor } from './catalog';
import { frameFindings } from './frameChecks';
import { stateFindings } from './stateChecks';
import type { CheckFinding, CheckReport, ProbeResult } from './types';

export interface CheckInput {
  /** Frames in arrival order; older revisions of an exchange may be included (the newest is used). */
  frames: readonly Frame[];
  agents: CheckReport['agents'];
  /** The host's `checkCard` findings (schema and lint) for each agent's card. */
  cardFindings: ReadonlyArray<{ agentId: string; frameId?: string; findings: readonly Finding[] }>;
  probes?: readonly ProbeResult[];
  appVersion: string;
  now?: () => Date;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

export function runChecks(input: CheckInput): CheckReport {
  const frames = latestRevisions(input.frames);
  const findings: CheckFinding[] = [];
  for (const card of input.cardFindings) {
    for (const finding of card.findings) {
      const checkId = frameCheckFor(finding.rule);
      findings.push({
        checkId: checkId.startsWith('card.') ? checkId : 'card.lint',
        severity: finding.severity,
        message: finding.message,
        spec: finding.spec ?? checkById(checkId)?.spec ?? 'PROTOCOL.md §2',
        frameIds: card.frameId ? [card.frameId] : [],
        agentId: card.agentId,
        ...(finding.pointer !== undefined ? { pointer: finding.pointer } : {}),
      });
    }
  }
  for (const frame of frames) findings.push(...frameFindings(frame));
  const timeline = new TimelineModel();
  timeline.ingest(frames);
  findings.push(...stateFindings(frames, timeline));
  const probes = [...(input.probes ?? [])];
  for (const probe of probes) findings.push(...probe.findings);
  findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);

  const probeIds = new Set(probes.map((probe) => probe.probeId));
  const checksRun = CHECKS.filter((check) => {
    if (check.area === 'card') return input.cardFindings.length > 0;
    if (check.area === 'probe') return probeIds.has(check.id);
    return true;
  }).map((check) => check.id);
  const count = (severity: CheckFinding['severity']) =>
    findings.filter((f) => f.severity === severity).length;
  return {
    generatedAt: (input.now ?? (() => new Date()))().toISOString(),
    appVersion: input.appVersion,
    agents: input.agents,
    checksRun,
    findings,
    probes,
    summary: {
      error: count('error'),
      warning: count('warning'),
      info: count('info'),
      probesFailed: probes.filter((probe) => probe.status === 'failed' || probe.status === 'error').length,
    },
  };
}
