// State machine checks (CHK-3), in one pass over frames in arrival order: updates after a task reached a terminal
// state, `final` misuse in 0.x streams, 1.0 streams that stay open after their terminal event, and task ids that
// change inside one stream. Illegal transitions come from the timeline model, which marks them as it builds strips.

import type { Frame, HttpFrame } from '../wire/frame';
import type { TimelineModel } from '../timeline/timelineModel';
import { checkById } from './catalog';
import type { CheckFinding } from './types';

const TERMINAL = new Set(['completed', 'canceled', 'failed', 'rejected']);
/** States that end a 0.x stream with `final: true` without ending the task. */
const INTERRUPTED = new Set(['input-required', 'auth-required']);

interface StreamTrack {
  exchange: HttpFrame;
  taskId?: string;
  /** The event that carried a terminal state (or `final: true` in 0.x), after which nothing should come. */
  closedBy?: string;
  after: string[];
}

function finding(
  checkId: string,
  message: string,
  frameIds: string[],
  extra: Partial<CheckFinding> = {},
): CheckFinding {
  const check = checkById(checkId)!;
  return { checkId, severity: check.severity, message, spec: check.spec, frameIds, ...extra };
}

const isZeroX = (generation: string | undefined) => generation !== undefined && generation.startsWith('0.');

export function stateFindings(frames: readonly Frame[], timeline: TimelineModel): CheckFinding[] {
  const out: CheckFinding[] = [];
  const exchanges = new Map<string, HttpFrame>();
  const streams = new Map<string, StreamTrack>();
  const terminal = new Map<string, { state: string; frameId: string }>();

  const webhooks = new Set<string>();
  for (const frame of frames) {
    if (frame.kind === 'webhook') webhooks.add(frame.id);
    if (frame.kind === 'http') {
      exchanges.set(frame.id, frame);
      continue;
    }
    const a2a = frame.a2a;
    if (!a2a?.taskId) continue;
    const taskId = a2a.taskId;
    if (frame.kind === 'webhook' && frame.a2a?.duplicate) continue;
    const item = a2a.item ?? '';
    const ended = terminal.get(taskId);
    // A new state after a terminal one is an illegal transition (reported below from the strips); an artifact
    // arriving after the end is this check's own.
    if (ended && item === 'artifact-update') {
      out.push(
        finding(
          'state.after-terminal',
          `Task ${taskId} was ${ended.state}, and then an artifact update arrived.`,
          [ended.frameId, frame.id],
          { taskId },
        ),
      );
    }
    if (a2a.state && TERMINAL.has(a2a.state) && !ended)
      terminal.set(taskId, { state: a2a.state, frameId: frame.id });
    if (frame.kind !== 'sse' || !frame.dispatched) continue;

    const exchange = exchanges.get(frame.exchangeId);
    let track = streams.get(frame.exchangeId);
    if (!track && exchange) {
      track = { exchange, after: [] };
      streams.set(frame.exchangeId, track);
    }
    if (!track) continue;
    if (track.closedBy) track.after.push(frame.id);
    if (track.taskId && track.taskId !== taskId) {
      out.push(
        finding(
          'state.task-id-changed',
          `The stream was about task ${track.taskId}, then an event named task ${taskId}.`,
          [track.exchange.id, frame.id],
          { taskId },
        ),
      );
    }
    track.taskId ??= taskId;
    const generation = track.exchange.a2a?.generation;
    const sseA2a = frame.a2a!;
    if (isZeroX(generation) && sseA2a.item === 'status-update' && sseA2a.state) {
      const state = sseA2a.state;
      if (sseA2a.final === true && !TERMINAL.has(state) && !INTERRUPTED.has(state)) {
        out.push(
          finding(
            'state.final-misuse',
            `An event says final: true while task ${taskId} is only ${state}.`,
            [frame.id],
            {
              taskId,
            },
          ),
        );
      }
      if (TERMINAL.has(state) && sseA2a.final !== true) {
        out.push(
          finding(
            'state.final-misuse',
            `Task ${taskId} reached ${state}, but the event does not say final: true, so a client keeps waiting.`,
            [frame.id],
            { taskId },
          ),
        );
      }
    }
    const closes = isZeroX(generation)
      ? sseA2a.final === true || (sseA2a.state !== undefined && TERMINAL.has(sseA2a.state))
      : sseA2a.state !== undefined && TERMINAL.has(sseA2a.state);
    if (closes) track.closedBy ??= frame.id;
  }

  for (const track of streams.values()) {
    if (!track.closedBy) continue;
    const generation = track.exchange.a2a?.generation;
    const zeroX = isZeroX(generation);
    if (track.after.length > 0) {
      out.push(
        finding(
          zeroX ? 'state.final-misuse' : 'state.stream-open-after-terminal',
          `${track.after.length} more event${track.after.length === 1 ? '' : 's'} came after the stream’s ${
            zeroX ? 'final' : 'terminal'
          } event.`,
          [track.exchange.id, track.closedBy, ...track.after.slice(0, 20)],
          track.taskId ? { taskId: track.taskId } : {},
        ),
      );
    } else if (!zeroX && track.exchange.state === 'done' && track.exchange.stream?.ended !== 'complete') {
      out.push(
        finding(
          'state.stream-open-after-terminal',
          `The agent kept the stream open after its terminal event; it ended by ${
            track.exchange.stream?.ended === 'closed-by-user' ? 'the user closing it' : 'an error or timeout'
          }.`,
          [track.exchange.id, track.closedBy],
          track.taskId ? { taskId: track.taskId } : {},
        ),
      );
    }
  }

  for (const task of timeline.tasks.values()) {
    for (const mark of task.states) {
      if (!mark.illegal) continue;
      const extra = { taskId: task.id, ...(task.agentId ? { agentId: task.agentId } : {}) };
      if (webhooks.has(mark.frameId)) {
        // Agents deliver pushes concurrently and at least once, so an older state can arrive after a newer one:
        // worth a note, not proof that the task went back.
        out.push({
          ...finding(
            'state.illegal-transition',
            `Task ${task.id}: a push delivery arrived out of order (${mark.illegal})`,
            [mark.frameId],
            extra,
          ),
          severity: 'info',
        });
        continue;
      }
      out.push(
        finding('state.illegal-transition', `Task ${task.id}: ${mark.illegal}`, [mark.frameId], extra),
      );
    }
  }
  return out;
}
