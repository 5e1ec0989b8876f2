// Conformance checks (CHK-1..CHK-5): what a check is, what it found, and the report the Checks panel, the CLI and the
// exports share. Checks are functions of frames (docs/architecture.md#frames-are-the-single-source-of-truth); probes
// are checks that first make traffic of their own against a live agent, and then read their verdict from the frames
// that traffic left.

import type { Severity } from '../wire/finding';
import type { SpecRef } from './specRefs';

/**
 * `caller`: the checks of the calling side, on traffic the recording proxy carried for another client (PRX-3);
 * `trace`: W3C trace context on requests and its propagation across hops (PRX-2).
 */
export type CheckArea = 'card' | 'frame' | 'state' | 'probe' | 'caller' | 'trace';

/** One check in the catalogue: stable id, what it looks at, how bad a failure is, and where the rule comes from. */
export interface CheckDefinition {
  /** Dotted and stable: 'state.illegal-transition', 'frame.jsonrpc.id-mismatch', 'probe.streaming' … */
  id: string;
  area: CheckArea;
  title: string;
  severity: Severity;
  /** The public section the rule comes from, as a label: 'A2A 1.0 §4.1.3 TaskState', 'RFC 8259 §2 JSON Grammar' … */
  spec: string;
  /** The link to that section (specRefs.ts). */
  specUrl?: string;
}

/** One thing a check found, pointing at the frames that show it. */
export interface CheckFinding {
  checkId: string;
  severity: Severity;
  /** Plain words a user can act on. */
  message: string;
  /** The public section the finding rests on (a label), and its link. */
  spec: string;
  specUrl?: string;
  /**
   * How many identical findings this one stands for (same check, severity, message, spec, place, agent and task);
   * `frameIds` holds the frames of all of them. Absent means one.
   */
  count?: number;
  frameIds: string[];
  agentId?: string;
  taskId?: string;
  /** A JSON pointer into the frame's body (or the card), when the finding has a place. */
  pointer?: string;
  /**
   * Set when the finding judges the caller though its check's area does not say so: a malformed trace header that a
   * client sent through the recording proxy (PRX-3). Absent: the side follows the check's area (findingSides.ts).
   */
  side?: 'caller';
}

export type ProbeStatus = 'passed' | 'failed' | 'skipped' | 'error';

/** A probe's outcome: skipped when the card does not declare what it tests (no streaming, no push). */
/** The message of a probe a cancelled check run did not reach (UX-5): skipped, with these words. */
export const PROBE_CANCELLED_MESSAGE = 'Not run: the check run was cancelled.';

export interface ProbeResult {
  probeId: string;
  status: ProbeStatus;
  message: string;
  frameIds: string[];
  findings: CheckFinding[];
  durationMs: number;
}

export interface CheckReport {
  /** ISO 8601. */
  generatedAt: string;
  appVersion: string;
  agents: Array<{ id: string; name: string; cardUrl: string; generation: string }>;
  /** Ids of the checks that ran (a check that ran and found nothing passed). */
  checksRun: string[];
  /** Distinct findings: identical ones are merged into one with a `count`. */
  findings: CheckFinding[];
  probes: ProbeResult[];
  /**
   * Distinct findings per severity, and (in `occurrences`) how many findings that is before identical ones were
   * merged.
   */
  summary: {
    error: number;
    warning: number;
    info: number;
    probesFailed: number;
    occurrences: { error: number; warning: number; info: number };
  };
}

/** What one caller check says about one proxied request, before it is made a finding (callerChecks.ts). */
export interface CallerProblem {
  checkId: 'caller.envelope' | 'caller.headers' | 'caller.threading' | 'caller.push-config';
  severity: Severity;
  message: string;
  ref: SpecRef;
  pointer?: string;
}
