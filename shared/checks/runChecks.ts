// The check run (CHK-1..CHK-3, CHK-5): card findings, frame findings and state machine findings over a list of
// frames, plus probe results when there are some, gathered into one report. A pure function of its input, linear in
// the number of frames (no spreading of long arrays into calls, no search per finding), so the Checks panel, the CLI
// and tests all get the same answer from the same frames, a million of them included. Identical findings (the same
// rule broken the same way on many frames) are reported once, with their count and every frame that shows them, and
// each cites a public specification section (old labels read from session files are mapped to one here).

import { latestRevisions } from '../session/latestRevisions';
import { TimelineModel } from '../timeline/timelineModel';
import type { Finding, Severity } from '../wire/finding';
import type { Frame } from '../wire/frame';
import { CHECKS, cardCheckFor, checkById, checkSpec } from './catalog';
import { citationOf, isLegacyLabel, type SpecCitation } from './citation';
import { FrameChecks } from './frameChecks';
import { stateFindings } from './stateChecks';
import { callerFindings } from './callerChecks';
import { traceFindings } from './traceChecks';
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

/**
 * The card findings as checks: each keeps its severity, pointer and spec, and points at the card's frame. A finding
 * without a spec cites its check's section in the generation of the agent (`generationOf`).
 */
export function cardFindingsOf(
  cards: CheckInput['cardFindings'],
  generationOf: (agentId: string) => string | undefined = () => undefined,
): CheckFinding[] {
  const out: CheckFinding[] = [];
  for (const card of cards) {
    for (const finding of card.findings) {
      const checkId = cardCheckFor(finding.rule);
      const fallback = checkSpec(checkId, generationOf(card.agentId));
      out.push({
        checkId,
        severity: finding.severity,
        message: finding.message,
        ...(finding.spec !== undefined
          ? { spec: finding.spec, ...(finding.specUrl !== undefined ? { specUrl: finding.specUrl } : {}) }
          : { spec: fallback.label, specUrl: fallback.url }),
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

  // Errors first, then warnings, then notes; within a severity, card, frame, state, caller, trace and probe findings.
  const generations = new Map(input.agents.map((agent) => [agent.id, agent.generation]));
  const generationOf = (agentId: string | undefined) =>
    agentId === undefined ? undefined : generations.get(agentId);
  const merged = new MergedFindings(generationOf);
  merged.addAll(cardFindingsOf(input.cardFindings, generationOf), true);
  merged.addAll(frameChecks.finish(), true);
  merged.addAll(stateFindings(frames, timeline), true);
  merged.addAll(callerFindings(frames, timeline), true);
  const trace = traceFindings(frames);
  merged.addAll(trace.findings, true);
  for (const probe of probes) merged.addAll(probe.findings, false);
  const { bySeverity, occurrences } = merged;
  const findings = bySeverity.error.concat(bySeverity.warning, bySeverity.info);

  const probeIds = new Set(probes.map((probe) => probe.probeId));
  // The caller is judged only where another program called through the recording proxy.
  const proxied = frames.some((frame) => frame.kind === 'http' && frame.proxied !== undefined);
  const checksRun = CHECKS.filter((check) => {
    if (check.area === 'card') return input.cardFindings.length > 0;
    if (check.area === 'probe') return probeIds.has(check.id);
    if (check.area === 'caller') return proxied;
    // Trace context is judged only where some request carried it (PRX-2).
    if (check.area === 'trace') return trace.traced;
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
      occurrences,
    },
  };
}

/** A field that may be absent, written so that no value of it can be mistaken for another, or for absence. */
const part = (value: string | undefined) => (value === undefined ? '-' : `${value.length}:${value}`);

/**
 * Findings by severity with identical ones merged: the same check, severity, message, cited section, place
 * (pointer), agent, task and side are one finding with a `count` and the frames of all of them, in the order each was
 * first seen. Linear, and cheap for a million distinct findings: each is looked up by its message (a string whose
 * hash V8 keeps) and compared field by field with the first finding of that message, so a distinct finding costs one
 * map entry; a key is built only for a message shared by findings that differ, and a finding's frames are copied
 * and put in a set only once it has a twin. The findings the run made itself are completed in place; those handed in
 * (probe results) are copied.
 */
class MergedFindings {
  readonly bySeverity: Record<Severity, CheckFinding[]> = { error: [], warning: [], info: [] };
  readonly occurrences: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  /** The first finding of each message. */
  private readonly byMessage = new Map<string, CheckFinding>();
  /** The other findings of a message, for the messages that findings differing in something else share. */
  private readonly others = new Map<string, Map<string, CheckFinding>>();
  /** The frames of each finding that has twins. */
  private readonly frames = new Map<CheckFinding, Set<string>>();
  /** Findings whose frame list is still the caller's array, to be copied before it grows. */
  private readonly borrowed = new Set<CheckFinding>();

  constructor(private readonly generationOf: (agentId: string | undefined) => string | undefined) {}

  /** `ours`: the findings were made by this run, so they may be completed in place. */
  addAll(list: readonly CheckFinding[], ours: boolean): void {
    for (const finding of list) this.add(finding, ours);
  }

  /** The last public label and link seen and what they cite: findings in a row mostly cite the same section. */
  private last: { spec: string; specUrl: string | undefined; citation: SpecCitation | undefined } = {
    spec: '',
    specUrl: undefined,
    citation: undefined,
  };

  private cite(finding: CheckFinding): SpecCitation | undefined {
    const last = this.last;
    if (finding.spec === last.spec && finding.specUrl === last.specUrl) return last.citation;
    const legacy = isLegacyLabel(finding.spec);
    const citation = citationOf(
      finding.spec,
      finding.specUrl,
      legacy ? { generation: this.generationOf(finding.agentId), rule: finding.checkId } : undefined,
    );
    // What an old label cites depends on the finding's agent and check, so it is not remembered.
    if (!legacy) this.last = { spec: finding.spec, specUrl: finding.specUrl, citation };
    return citation;
  }

  private add(finding: CheckFinding, ours: boolean): void {
    const citation = this.cite(finding);
    const spec = citation?.label ?? finding.spec;
    const specUrl = citation ? citation.url : finding.specUrl;
    const count = finding.count ?? 1;
    this.occurrences[finding.severity] += count;

    const first = this.byMessage.get(finding.message);
    let known: CheckFinding | undefined;
    let key: string | undefined;
    if (first) {
      if (same(first, finding, spec, specUrl)) known = first;
      else {
        key = `${finding.checkId}\u0000${finding.severity}\u0000${part(spec)}${part(specUrl)}${part(finding.agentId)}${part(finding.taskId)}${part(finding.pointer)}${part(finding.side)}`;
        known = this.others.get(finding.message)?.get(key);
      }
    }
    if (known) {
      known.count = (known.count ?? 1) + count;
      if (this.borrowed.delete(known)) known.frameIds = [...known.frameIds];
      let frames = this.frames.get(known);
      if (!frames) this.frames.set(known, (frames = new Set(known.frameIds)));
      for (const id of finding.frameIds) {
        if (frames.has(id)) continue;
        frames.add(id);
        known.frameIds.push(id);
      }
      return;
    }

    const merged = ours ? finding : { ...finding };
    if (!ours) this.borrowed.add(merged);
    merged.count = count;
    merged.spec = spec;
    if (specUrl !== undefined) merged.specUrl = specUrl;
    else if (merged.specUrl !== undefined) delete merged.specUrl;
    if (!first) this.byMessage.set(finding.message, merged);
    else {
      let others = this.others.get(finding.message);
      if (!others) this.others.set(finding.message, (others = new Map()));
      others.set(key!, merged);
    }
    this.bySeverity[finding.severity].push(merged);
  }
}

function same(
  known: CheckFinding,
  finding: CheckFinding,
  spec: string,
  specUrl: string | undefined,
): boolean {
  return (
    known.spec === spec &&
    known.specUrl === specUrl &&
    known.checkId === finding.checkId &&
    known.severity === finding.severity &&
    known.agentId === finding.agentId &&
    known.taskId === finding.taskId &&
    known.pointer === finding.pointer &&
    known.side === finding.side
  );
}
