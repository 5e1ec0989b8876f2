// Frame checks (CHK-2): the findings parsers attached to each frame (envelope, JSON, SSE framing, content type, the
// generation's data model, REST status), grouped into checks, plus the header rules of
// docs/protocol.md#versions-headers-and-content-types a single frame can show. Frames are fed one at a time and nothing
// is revisited, so a run is linear in the frames; notes that would repeat on every exchange (a media type) are gathered
// into one finding per agent.

import type { Frame, HttpFrame, WebhookFrame } from '../wire/frame';
import { checkSpec, frameCheckFor } from './catalog';
import {
  nonJsonPush,
  plainJsonPush,
  plainJsonRestAnswer,
  unechoedExtensions,
  versionProblem,
} from './headerRules';
import { a2aRef, cite, type Citation, type SpecRef } from './specRefs';
import type { CheckFinding } from './types';
import { routeMissing, routeMissingMessage } from '../a2a/routeMissing';
import { unaskedEchoes } from '../a2a/extensionList';

/** How many frames a gathered finding names; the message still counts them all. */
export const MAX_GATHERED_FRAMES = 100;

/** A frame's generation: its exchange's for a stream event, the delivery's for a push. */
function generationOf(frame: Frame, exchangeGeneration: string | undefined): string | undefined {
  return frame.kind === 'sse' ? exchangeGeneration : frame.a2a?.generation;
}

/** What a parser's finding cites: its own reference when it has one, else its check's in the frame's generation. */
function citationFor(
  finding: { spec?: string; specUrl?: string },
  checkId: string,
  generation: string | undefined,
): Citation | { spec: string } {
  if (finding.spec === undefined) return cite(checkSpec(checkId, generation));
  return finding.specUrl !== undefined
    ? { spec: finding.spec, specUrl: finding.specUrl }
    : { spec: finding.spec };
}

interface Gathered {
  agentId: string | undefined;
  count: number;
  frameIds: string[];
}

export class FrameChecks {
  readonly findings: CheckFinding[] = [];
  /** Agent of each exchange, so the findings on its stream events name the agent too. */
  private readonly agentOf = new Map<string, string>();
  /** Generation of each exchange, so its stream events cite their generation's specification. */
  private readonly generationOfExchange = new Map<string, string>();
  private readonly plainAnswers = new Map<string, Gathered>();
  private readonly plainPushes = new Map<string, Gathered>();

  add(frame: Frame): void {
    const agentId = this.agentFor(frame);
    const generation = this.generationFor(frame);
    const taskId = frame.a2a?.taskId;
    for (const finding of frame.findings ?? []) {
      const checkId = frameCheckFor(finding.rule);
      this.findings.push({
        checkId,
        severity: finding.severity,
        message: checkId === 'frame.other' ? `${finding.rule}: ${finding.message}` : finding.message,
        ...citationFor(finding, checkId, generation),
        frameIds: [frame.id],
        ...(agentId ? { agentId } : {}),
        ...(taskId ? { taskId } : {}),
        ...(finding.pointer !== undefined ? { pointer: finding.pointer } : {}),
      });
    }
    if (frame.kind === 'http') this.headers(frame, agentId, generation);
    else if (frame.kind === 'webhook') this.push(frame, agentId);
  }

  /** The findings, with the gathered notes appended. */
  finish(): CheckFinding[] {
    for (const gathered of this.plainAnswers.values()) {
      const one = gathered.count === 1;
      this.gathered(
        gathered,
        `${gathered.count} A2A 1.0 REST answer${one ? ' is' : 's are'} labelled application/json; 1.0 asks for application/a2a+json (clients accept both).`,
        a2aRef('restTransport', '1.0'),
      );
    }
    for (const gathered of this.plainPushes.values()) {
      const one = gathered.count === 1;
      this.gathered(
        gathered,
        `${gathered.count} A2A 1.0 push deliver${one ? 'y is' : 'ies are'} labelled application/json; the 1.0 spec sends application/a2a+json.`,
        a2aRef('pushPayload', '1.0'),
      );
    }
    this.plainAnswers.clear();
    this.plainPushes.clear();
    return this.findings;
  }

  private agentFor(frame: Frame): string | undefined {
    if (frame.kind === 'webhook') return frame.agentId;
    if (frame.kind === 'sse') return this.agentOf.get(frame.exchangeId);
    const agentId = frame.a2a?.agentId;
    if (agentId) this.agentOf.set(frame.id, agentId);
    return agentId;
  }

  private generationFor(frame: Frame): string | undefined {
    if (frame.kind === 'sse') return generationOf(frame, this.generationOfExchange.get(frame.exchangeId));
    const generation = generationOf(frame, undefined);
    if (frame.kind === 'http' && generation !== undefined)
      this.generationOfExchange.set(frame.id, generation);
    return generation;
  }

  private headers(frame: HttpFrame, agentId: string | undefined, generation: string | undefined): void {
    const version = versionProblem(frame);
    if (version) {
      this.add1(
        'frame.a2a-version',
        version.severity,
        version.message,
        frame,
        agentId,
        checkSpec('frame.a2a-version', generation),
      );
    }
    const asked = unechoedExtensions(frame);
    if (asked !== undefined) {
      this.add1(
        'frame.extensions-echo',
        'info',
        `The request asked for extensions (${asked}) and the answer has no extensions header saying which were activated.`,
        frame,
        agentId,
        checkSpec('frame.extensions-echo', generation),
      );
    }
    const unasked = frame.response ? unaskedEchoes(frame.request.headers, frame.response.headers) : [];
    if (unasked.length > 0) {
      this.add1(
        'frame.extensions-unasked',
        'warning',
        `The answer says it activated ${unasked.join(', ')}, which the request did not ask for; an agent activates only extensions the client offered.`,
        frame,
        agentId,
        checkSpec('frame.extensions-unasked', generation),
      );
    }
    if (plainJsonRestAnswer(frame)) gather(this.plainAnswers, agentId, frame.id);
    const missing = routeMissing(frame);
    if (missing) {
      // The transport section of the binding the call used: where that generation says what its routes are.
      const topic = missing.binding === 'HTTP+JSON' ? 'restTransport' : 'jsonRpcTransport';
      this.add1(
        'frame.route-missing',
        'error',
        routeMissingMessage(missing),
        frame,
        agentId,
        a2aRef(topic, generation),
      );
    }
  }

  private push(frame: WebhookFrame, agentId: string | undefined): void {
    if (plainJsonPush(frame)) gather(this.plainPushes, agentId, frame.id);
    const type = nonJsonPush(frame);
    if (type !== undefined) {
      this.add1(
        'frame.content-type',
        'warning',
        `A push delivery came as ${type}; deliveries are application/json or application/a2a+json, so the webhook refused it.`,
        frame,
        agentId,
        a2aRef('pushPayload', frame.a2a?.generation),
      );
    }
  }

  private add1(
    checkId: string,
    severity: CheckFinding['severity'],
    message: string,
    frame: Frame,
    agentId: string | undefined,
    ref: SpecRef,
  ): void {
    this.findings.push({
      checkId,
      severity,
      message,
      ...cite(ref),
      frameIds: [frame.id],
      ...(agentId ? { agentId } : {}),
    });
  }

  private gathered(gathered: Gathered, message: string, ref: SpecRef): void {
    const more = gathered.count - gathered.frameIds.length;
    this.findings.push({
      checkId: 'frame.media-type',
      severity: 'info',
      message: more > 0 ? `${message} The first ${gathered.frameIds.length} are listed.` : message,
      ...cite(ref),
      frameIds: gathered.frameIds,
      ...(gathered.agentId ? { agentId: gathered.agentId } : {}),
    });
  }
}

function gather(into: Map<string, Gathered>, agentId: string | undefined, frameId: string): void {
  const key = agentId ?? '';
  let gathered = into.get(key);
  if (!gathered) {
    gathered = { agentId, count: 0, frameIds: [] };
    into.set(key, gathered);
  }
  gathered.count++;
  if (gathered.frameIds.length < MAX_GATHERED_FRAMES) gathered.frameIds.push(frameId);
}

/** Every frame check's findings for a list of frames (final revisions, in arrival order). */
export function frameFindings(frames: Iterable<Frame>): CheckFinding[] {
  const checks = new FrameChecks();
  for (const frame of frames) checks.add(frame);
  return checks.finish();
}
