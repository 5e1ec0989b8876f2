// State machine checks (CHK-3) over frames in arrival order: illegal transitions (the timeline model marks them as it
// builds its strips; here they are weighed), updates after a task reached a terminal state, `final` misuse in 0.x
// streams, streams that go on or stay open after their last event, and task ids that change inside one stream.
//
// Order is only trusted where the protocol promises it. Events of one stream arrive in order, and a request sent after
// a task ended must see it ended. Two streams of one task may lag behind each other
// (docs/protocol.md#streaming-over-sse: many subscribers, each in order), a GetTask in flight can answer from before
// the end, and push deliveries are concurrent and at least once (docs/protocol.md#what-the-receiver-does): what those
// show out of order is a note, never an error.
//
// Linear: two passes over the frames, one over the tasks' state marks; memory per exchange and per task.

import type { TimelineModel } from '../timeline/timelineModel';
import type { StateMark } from '../timeline/taskView';
import { taskKey } from '../timeline/taskViews';
import type { Frame, HttpFrame, SseFrame, WebhookFrame } from '../wire/frame';
import { checkById, checkSpec } from './catalog';
import { requestedTaskId } from './requestTask';
import type { CheckFinding } from './types';
import { isTerminalState } from '../a2a/model';
import { profileNamed } from '../a2a/profile';

/**
 * States a 0.x agent may end a stream at with `final: true` without the task ending
 * (docs/protocol.md#streaming-over-sse).
 */
const INTERRUPTED: ReadonlySet<string> = new Set(['input-required', 'auth-required']);
/** How many of the events after a stream's end a finding names (the message counts them all). */
export const MAX_LISTED_EVENTS = 20;

/** Whether the generation's streams say `final: true` (0.x), so `final` misuse can be checked. */
const marksFinal = (generation: string | undefined) => profileNamed(generation)?.finalFlag === true;

/** A finding of a state check, citing the check's section in the generation of the agent it is about. */
function finding(
  checkId: string,
  generation: string | undefined,
  message: string,
  frameIds: string[],
  extra: Partial<CheckFinding> = {},
): CheckFinding {
  const check = checkById(checkId)!;
  const ref = checkSpec(checkId, generation);
  return {
    checkId,
    severity: check.severity,
    message,
    spec: ref.label,
    specUrl: ref.url,
    frameIds,
    ...extra,
  };
}

/** A frame without `rev` is final too (frame.ts); only a final one says how a stream ended. */
const isFinal = (frame: HttpFrame) => frame.rev === undefined || frame.state === 'done';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Where a frame sits: which exchange carried it (its own id for an http frame or a push delivery). */
interface Placement {
  kind: Frame['kind'];
  exchangeId: string;
  /** A push delivery's generation (an exchange's is on its frame). */
  generation?: string;
}

/** The generation of the agent a placed frame came from, to cite its specification. */
function generationAt(
  placement: Placement | undefined,
  exchanges: ReadonlyMap<string, HttpFrame>,
): string | undefined {
  if (!placement) return undefined;
  return placement.kind === 'webhook'
    ? placement.generation
    : exchanges.get(placement.exchangeId)?.a2a?.generation;
}

interface Stream {
  exchange: HttpFrame;
  /** The task the stream is about: the one the request named, else the first one an event named. */
  taskId?: string;
  taskFrom?: 'request' | 'event';
  /** Task ids already reported as a change, so a stream that switched is reported once per id. */
  changedTo?: Set<string>;
  /** The event after which the stream should have ended, and the state it carried. */
  closedBy?: string;
  closedState?: string;
  /**
   * 1.0: the agent MAY resend the final Task snapshot once after the terminal event
   * (docs/protocol.md#streaming-over-sse).
   */
  snapshotResent?: boolean;
  after: number;
  afterIds: string[];
}

interface Ending {
  mark: StateMark;
  placement?: Placement;
}

type IllegalMark = { taskId: string; agentId?: string; mark: StateMark; against: StateMark };

/** What the walk over the frames knows so far, and the findings it made. */
interface Walk {
  out: CheckFinding[];
  /** The first terminal mark of each task, keyed by agent and task id (`taskKey`). */
  endings: ReadonlyMap<string, Ending>;
  exchanges: Map<string, HttpFrame>;
  streams: Map<string, Stream>;
}

export function stateFindings(frames: readonly Frame[], timeline: TimelineModel): CheckFinding[] {
  const { endings, illegal, placed } = taskMarks(frames, timeline);
  const walk: Walk = { out: [], endings, exchanges: new Map(), streams: new Map() };
  for (const frame of frames) {
    if (frame.kind === 'http') walk.exchanges.set(frame.id, frame);
    else if (frame.kind === 'sse') onEvent(walk, frame);
    else onPush(walk, frame);
  }
  for (const stream of walk.streams.values()) streamEndFinding(walk, stream);
  for (const entry of illegal) walk.out.push(illegalFinding(entry, placed, walk.exchanges));
  return walk.out;
}

/**
 * The first terminal mark of each task, and the illegal marks with the mark they contradict, each placed on the
 * exchange that carried it.
 */
function taskMarks(frames: readonly Frame[], timeline: TimelineModel) {
  const endings = new Map<string, Ending>();
  const illegal: IllegalMark[] = [];
  const placed = new Map<string, Placement | undefined>();
  for (const task of timeline.tasks.values()) {
    // A task read from answers that are not A2A is shown, not held to A2A's state machine
    // (docs/protocol.md#plain-rest-agents).
    if (task.notA2A) continue;
    // The model marks a state illegal against the mark before it (taskView.applyState), so that is the one it
    // contradicts.
    let previous: StateMark | undefined;
    for (const mark of task.states) {
      if (mark.illegal && previous) {
        illegal.push({
          taskId: task.id,
          ...(task.agentId ? { agentId: task.agentId } : {}),
          mark,
          against: previous,
        });
        placed.set(mark.frameId, undefined);
        placed.set(previous.frameId, undefined);
      }
      const key = taskKey(task.agentId, task.id);
      if (isTerminalState(mark.state) && !endings.has(key)) {
        endings.set(key, { mark });
        placed.set(mark.frameId, undefined);
      }
      previous = mark;
    }
  }
  for (const frame of frames) {
    if (!placed.has(frame.id)) continue;
    placed.set(frame.id, {
      kind: frame.kind,
      exchangeId: frame.kind === 'sse' ? frame.exchangeId : frame.id,
      ...(frame.kind === 'webhook' && frame.a2a?.generation ? { generation: frame.a2a.generation } : {}),
    });
  }
  for (const [, ending] of endings) {
    const placement = placed.get(ending.mark.frameId);
    if (placement) ending.placement = placement;
  }
  return { endings, illegal, placed };
}

/** The stream an event belongs to, started on its first event with the task its request named. */
function streamOf(walk: Walk, frame: SseFrame, exchange: HttpFrame): Stream {
  let stream = walk.streams.get(frame.exchangeId);
  if (!stream) {
    stream = { exchange, after: 0, afterIds: [] };
    const asked = requestedTaskId(exchange);
    if (asked !== undefined) {
      stream.taskId = asked;
      stream.taskFrom = 'request';
    }
    walk.streams.set(frame.exchangeId, stream);
  }
  return stream;
}

function onEvent(walk: Walk, frame: SseFrame): void {
  if (!frame.dispatched) return;
  const exchange = walk.exchanges.get(frame.exchangeId);
  if (!exchange) return;
  const stream = streamOf(walk, frame, exchange);
  const a2a = frame.a2a;
  const saysFinal = marksFinal(exchange.a2a?.generation);
  if (stream.closedBy) countAfterClose(stream, frame, saysFinal);
  if (!a2a) return;
  const taskId = a2a.taskId;
  if (taskId !== undefined) {
    taskIdChange(walk, stream, frame, taskId);
    afterTheEnd(walk, frame, taskId, exchange);
  }
  if (saysFinal) finalMisuse(walk, frame, exchange);
  if (!stream.closedBy) {
    const terminal = a2a.state !== undefined && isTerminalState(a2a.state);
    // A message without a task is the whole answer (docs/protocol.md#streaming-over-sse), in every generation.
    const lone = a2a.item === 'message' && taskId === undefined;
    if (terminal || lone || (saysFinal && a2a.final === true)) {
      stream.closedBy = frame.id;
      if (a2a.state !== undefined) stream.closedState = a2a.state;
    }
  }
}

/** An event after the one that should have ended the stream; 1.0 may resend the final task snapshot once. */
function countAfterClose(stream: Stream, frame: SseFrame, saysFinal: boolean): void {
  const a2a = frame.a2a;
  const resent =
    !saysFinal &&
    !stream.snapshotResent &&
    a2a?.item === 'task' &&
    a2a.state !== undefined &&
    a2a.state === stream.closedState;
  if (resent) stream.snapshotResent = true;
  else {
    stream.after++;
    if (stream.afterIds.length < MAX_LISTED_EVENTS) stream.afterIds.push(frame.id);
  }
}

/** A stream that was about one task and then names another. */
function taskIdChange(walk: Walk, stream: Stream, frame: SseFrame, taskId: string): void {
  if (stream.taskId === undefined) {
    stream.taskId = taskId;
    stream.taskFrom = 'event';
    return;
  }
  if (taskId === stream.taskId || stream.changedTo?.has(taskId)) return;
  (stream.changedTo ??= new Set()).add(taskId);
  const exchange = stream.exchange;
  const whose = stream.taskFrom === 'request' ? 'The request named task' : 'The stream was about task';
  walk.out.push(
    finding(
      'state.task-id-changed',
      exchange.a2a?.generation,
      `${whose} ${stream.taskId}, then an event of the stream named task ${taskId}.`,
      [exchange.id, frame.id],
      { taskId, ...agentOf(exchange) },
    ),
  );
}

/** 0.x: `final: true` on a state that does not end the stream, or missing on one that ends the task. */
function finalMisuse(walk: Walk, frame: SseFrame, exchange: HttpFrame): void {
  const a2a = frame.a2a!;
  if (a2a.item !== 'status-update' || a2a.state === undefined) return;
  const taskId = a2a.taskId;
  const extra = { ...(taskId ? { taskId } : {}), ...agentOf(exchange) };
  if (a2a.final === true && !isTerminalState(a2a.state) && !INTERRUPTED.has(a2a.state)) {
    walk.out.push(
      finding(
        'state.final-misuse',
        exchange.a2a?.generation,
        `An event says final: true while task ${taskId ?? '(no id)'} is only ${a2a.state}.`,
        [frame.id],
        extra,
      ),
    );
  }
  if (isTerminalState(a2a.state) && a2a.final !== true) {
    walk.out.push(
      finding(
        'state.final-misuse',
        exchange.a2a?.generation,
        `Task ${taskId ?? '(no id)'} reached ${a2a.state}, but the event does not say final: true, so a client keeps waiting.`,
        [frame.id],
        extra,
      ),
    );
  }
}

const agentOf = (exchange: HttpFrame) => (exchange.a2a?.agentId ? { agentId: exchange.a2a.agentId } : {});

/** An event about a task that had ended, on a stream opened after the end was known. */
function afterTheEnd(walk: Walk, frame: SseFrame, taskId: string, exchange: HttpFrame): void {
  const ending = walk.endings.get(taskKey(exchange.a2a?.agentId, taskId));
  if (!ending?.placement || frame.id === ending.mark.frameId) return;
  const { mark, placement } = ending;
  // Same stream: the stream checks say it. A stream already open when the task ended may lag behind.
  if (placement.exchangeId === exchange.id || exchange.timing.start <= mark.at) return;
  if (frame.timing.start <= mark.at) return;
  const a2a = frame.a2a!;
  const extra = { taskId, ...agentOf(exchange) };
  if (a2a.item === 'artifact-update') {
    walk.out.push(
      finding(
        'state.after-terminal',
        exchange.a2a?.generation,
        `Task ${taskId} was ${mark.stateWire}, and then a stream opened later sent an artifact update for it.`,
        [mark.frameId, frame.id],
        extra,
      ),
    );
  } else if (a2a.item === 'status-update' && a2a.state === mark.state) {
    walk.out.push({
      ...finding(
        'state.after-terminal',
        exchange.a2a?.generation,
        `Task ${taskId} was ${mark.stateWire}, and a stream opened later sent a status update saying so again; a finished task has no more updates (1.0 refuses to subscribe to it).`,
        [mark.frameId, frame.id],
        extra,
      ),
      severity: 'warning',
    });
  }
}

function onPush(walk: Walk, frame: WebhookFrame): void {
  const a2a = frame.a2a;
  if (!frame.verdict.accepted || !a2a?.taskId || a2a.duplicate || a2a.item !== 'artifact-update') return;
  const ending = walk.endings.get(taskKey(frame.agentId, a2a.taskId));
  if (!ending || frame.timing.start <= ending.mark.at) return;
  walk.out.push({
    ...finding(
      'state.after-terminal',
      a2a.generation,
      `Task ${a2a.taskId} was ${ending.mark.stateWire}, and then a push delivery brought an artifact update (deliveries can arrive out of order, so this is a note).`,
      [ending.mark.frameId, frame.id],
      { taskId: a2a.taskId, ...(frame.agentId ? { agentId: frame.agentId } : {}) },
    ),
    severity: 'info',
  });
}

/** A stream that went on after its last event, or stayed open. */
function streamEndFinding(walk: Walk, stream: Stream): void {
  if (!stream.closedBy) return;
  const { exchange } = stream;
  const saysFinal = marksFinal(exchange.a2a?.generation);
  const extra = { ...(stream.taskId ? { taskId: stream.taskId } : {}), ...agentOf(exchange) };
  if (stream.after > 0) {
    walk.out.push(
      finding(
        saysFinal ? 'state.final-misuse' : 'state.stream-open-after-terminal',
        exchange.a2a?.generation,
        `${plural(stream.after, 'more event')} came after the stream’s ${saysFinal ? 'final' : 'terminal'} event${
          stream.after > stream.afterIds.length ? ` (the first ${stream.afterIds.length} are listed)` : ''
        }.`,
        [exchange.id, stream.closedBy, ...stream.afterIds],
        extra,
      ),
    );
  } else if (isFinal(exchange) && exchange.stream && exchange.stream.ended !== 'complete') {
    walk.out.push(
      finding(
        'state.stream-open-after-terminal',
        exchange.a2a?.generation,
        `The agent kept the stream open after its ${saysFinal ? 'final' : 'terminal'} event; it ended by ${
          exchange.stream.ended === 'closed-by-user' ? 'the user closing it' : 'an error or a timeout'
        }.`,
        [exchange.id, stream.closedBy],
        extra,
      ),
    );
  }
}

/** An illegal transition, as a note when the two marks may simply have raced. */
function illegalFinding(
  { taskId, agentId, mark, against }: IllegalMark,
  placed: ReadonlyMap<string, Placement | undefined>,
  exchanges: ReadonlyMap<string, HttpFrame>,
): CheckFinding {
  const extra = { taskId, ...(agentId ? { agentId } : {}) };
  const doubt = raceBetween(placed.get(against.frameId), placed.get(mark.frameId), against, exchanges);
  const base = finding(
    'state.illegal-transition',
    generationAt(placed.get(mark.frameId), exchanges),
    `Task ${taskId}: ${mark.illegal!}`,
    [mark.frameId],
    extra,
  );
  if (!doubt) return { ...base, frameIds: [against.frameId, mark.frameId] };
  return {
    ...base,
    message: `${base.message} It ${doubt}, so this may be a race rather than the task going back.`,
    frameIds: [against.frameId, mark.frameId],
    severity: 'info',
  };
}

/**
 * Why two marks of one task may legitimately come out of order, or undefined when their order is certain: the same
 * stream, or a request sent after the first mark was known.
 */
function raceBetween(
  first: Placement | undefined,
  then: Placement | undefined,
  firstMark: StateMark,
  exchanges: ReadonlyMap<string, HttpFrame>,
): string | undefined {
  if (!first || !then) return undefined;
  if (first.kind === 'webhook' || then.kind === 'webhook') {
    return 'came by push, and push deliveries are concurrent and may arrive out of order';
  }
  if (first.exchangeId === then.exchangeId) return undefined;
  const started = exchanges.get(then.exchangeId)?.timing.start;
  if (started !== undefined && started > firstMark.at) return undefined;
  return then.kind === 'sse'
    ? 'arrived on a stream that was already open when the earlier state came, and streams may lag behind one another'
    : 'answered a request that was already on its way when the earlier state came';
}
