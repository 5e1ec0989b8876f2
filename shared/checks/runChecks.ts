// The check run (CHK-1..CHK-3, CHK-5): card findings, frame findings and state machine findings over a list of
// frames, plus probe results when there are some, gathered into one report. A pure function of its input, linear in
// the number of frames (no spreading of long arrays into calls, no search per finding), so the Checks panel, the CLI
// and tests all get the same answer from the same frames, a million of them included.

import { latestRevisions } from '../session/latestRevisions';
import { TimelineModel } from '../timeline/timelineModel';
import type { Finding } from '../wire/finding';
import type { Frame } from '../wire/frame';
import { CHECKS, cardCheckFor, checkById } from './catalog';
import { FrameChecks } from './frameChecks';
import { stateFindings } from './stateChecks';
import type { CheckFinding, CheckReport, ProbeResult } from './types';

export interface CheckInput {
  /** Frames in arrival order; older revisions of an exchange may be included (the newest is used). */
  frames: readonly Frame[];
  agents: CheckReport['agents'];
  /** The host's `checkCard` findings (schema and lint) for each agent's card. */
  cardFindings: ReadonlyArray<{ agentId: string; frameId?: string; findings: readonly Finding[] }>;
  probes?: readonly ProbeResult[];
  /**
   * A timeline model already fed exactly these frames (the renderer's store keeps one, updated as frames arrive), so
   * the run does not decode every answer and event a second time. Built here when absent.
   */
  timeline?: TimelineModel;
  appVersion: string;
  now?: () => Date;
}

/** The card findings as checks: each keeps its severity, pointer and spec, and points at the card's frame. */
export function cardFindingsOf(cards: CheckInput['cardFindings']): CheckFinding[] {
  const out: CheckFinding[] = [];
  for (const card of cards) {
    for (const finding of card.findings) {
      const checkId = cardCheckFor(finding.rule);
      out.push({
        checkId,
        severity: finding.severity,
        message: finding.message,
        spec: finding.spec ?? checkById(checkId)!.spec,
        frameIds: card.frameId ? [card.frameId] : [],
        agentId: card.agentId,
        ...(finding.pointer !== undefined ? { pointer: finding.pointer } : {}),
      });
    }
  }
  return out;
}

export function runChecks(input: CheckInput): CheckReport {
  const frames = latestRevisions(input.frames);
  const probes = [...(input.probes ?? [])];

  const frameChecks = new FrameChecks();
  for (const frame of frames) frameChecks.add(frame);
  let timeline = input.timeline;
  if (!timeline) {
    timeline = new TimelineModel();
    timeline.ingest(frames);
  }

  // Errors first, then warnings, then notes; within a severity, card, frame, state and probe findings in order.
  const bySeverity: Record<CheckFinding['severity'], CheckFinding[]> = { error: [], warning: [], info: [] };
  const add = (list: readonly CheckFinding[]) => {
    for (const finding of list) bySeverity[finding.severity].push(finding);
  };
  add(cardFindingsOf(input.cardFindings));
  add(frameChecks.finish());
  add(stateFindings(frames, timeline));
  for (const probe of probes) add(probe.findings);
  const findings = bySeverity.error.concat(bySeverity.warning, bySeverity.info);

  const probeIds = new Set(probes.map((probe) => probe.probeId));
  const checksRun = CHECKS.filter((check) => {
    if (check.area === 'card') return input.cardFindings.length > 0;
    if (check.area === 'probe') return probeIds.has(check.id);
    return true;
  }).map((check) => check.id);
  // A probe the catalogue does not know (a newer host) still ran and is reported.
  for (const id of probeIds) if (!checkById(id)) checksRun.push(id);
  return {
    generatedAt: (input.now ?? (() => new Date()))().toISOString(),
    appVersion: input.appVersion,
    agents: input.agents,
    checksRun,
    findings,
    probes,
    summary: {
      error: bySeverity.error.length,
      warning: bySeverity.warning.length,
      info: bySeverity.info.length,
      probesFailed: probes.filter((probe) => probe.status === 'failed' || probe.status === 'error').length,
    },
  };
}
