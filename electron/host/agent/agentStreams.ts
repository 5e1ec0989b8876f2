// The agent client's open streams: each is watched to its end, its end is remembered a while for whoever asks late,
// and a stream that drops before its task ended is resynced (TASK-4). Closing a stream only hangs up (WIRE-6): the
// task goes on at the agent. These live apart from the client because they are one piece of state with its own
// rules, which the client only wires to its agents.

import type {
  OperationOutcome,
  OperationRequest,
  ResyncOutcome,
  StreamEnd,
} from '../../../shared/host/agent';
import type { FrameError } from '../../../shared/wire/frame';
import { isTerminalState } from '../../../shared/a2a/model';
import type { AgentRecord } from './agentRecord';
import type { OpenStream, RunnerHooks } from './operationPlan';
import { runOperation } from './operationRunner';
import type { Recorder } from './recorder';

/** Ended streams remembered for `awaitStream`, so a caller that asks late still gets the answer. */
const ENDED_KEPT = 500;

/** Automatic resyncs of one task at most; the user can always resync by hand. */
const MAX_RESYNCS = 3;

const CLOSED_BY_USER: FrameError = {
  kind: 'aborted',
  label: 'Closed by you',
  message: 'You closed the stream. The task goes on at the agent; cancel it to stop it.',
};

export class AgentStreams {
  private readonly open = new Map<string, { stream: OpenStream; end: Promise<StreamEnd> }>();
  private readonly ended = new Map<string, StreamEnd>();
  /** Automatic resyncs per task, so an agent that keeps dropping the stream is not called forever. */
  private readonly resyncs = new Map<string, number>();

  constructor(
    private readonly recorder: Recorder,
    /** Whether the agent is still open: a forgotten agent is not resynced. */
    private readonly isOpen: (agentId: string) => boolean,
  ) {}

  /** Runner hooks that watch every stream the operation opens; `record` is looked up when one opens. */
  hooks(record: () => AgentRecord): RunnerHooks {
    return {
      recorder: this.recorder,
      onStreamOpened: (stream) => {
        const end = this.watch(record(), stream);
        this.open.set(stream.exchangeId, { stream, end });
      },
    };
  }

  run(record: AgentRecord, request: OperationRequest, source: string): Promise<OperationOutcome> {
    return runOperation(
      record,
      request,
      source,
      this.hooks(() => record),
    );
  }

  async close(exchangeId: string): Promise<{ closed: boolean; message: string }> {
    const entry = this.open.get(exchangeId);
    if (!entry) {
      return {
        closed: false,
        message: this.ended.has(exchangeId)
          ? 'That stream has already ended.'
          : 'No open stream has that id.',
      };
    }
    entry.stream.abort(CLOSED_BY_USER);
    await entry.end;
    return { closed: true, message: 'Stream closed. The task goes on at the agent; cancel it to stop it.' };
  }

  async awaitEnd(exchangeId: string): Promise<StreamEnd> {
    const entry = this.open.get(exchangeId);
    if (entry) return entry.end;
    const result = this.ended.get(exchangeId);
    if (result) return result;
    throw new Error(`No stream with the id ${JSON.stringify(exchangeId)} is open or recently ended.`);
  }

  async closeAll(): Promise<void> {
    const ending = [...this.open.values()];
    for (const entry of ending) entry.stream.abort(CLOSED_BY_USER);
    await Promise.all(ending.map((entry) => entry.end));
  }

  /** Hangs up every stream of one agent (it is being forgotten). */
  closeAgent(agentId: string): void {
    for (const entry of this.open.values())
      if (entry.stream.agentId === agentId) entry.stream.abort(CLOSED_BY_USER);
  }

  /** Gets the task, then subscribes again if it is still going: each step its own frames. */
  async resync(record: AgentRecord, taskId: string): Promise<ResyncOutcome> {
    const get = await this.run(
      record,
      { agentId: record.id, operation: 'get', input: { taskId } },
      'resync:get',
    );
    const task = get.result?.type === 'task' ? get.result.task : undefined;
    if (!task || isTerminalState(task.status.state) || !record.chosen) return { get };
    const subscribe = await this.run(
      record,
      { agentId: record.id, operation: 'subscribe', input: { taskId } },
      'resync:subscribe',
    );
    return { get, subscribe };
  }

  private async watch(record: AgentRecord, stream: OpenStream): Promise<StreamEnd> {
    let result: StreamEnd;
    try {
      result = await this.endOf(record, stream);
    } catch (error) {
      // Never an unhandled rejection: whatever went wrong is the stream's end, told to whoever awaits it.
      const message = error instanceof Error ? error.message : String(error);
      result = {
        exchangeId: stream.exchangeId,
        ended: 'error',
        events: 0,
        frameError: { kind: 'network', label: 'Stream failed', message },
      };
    }
    // Remembered before it leaves `open`, so `awaitStream` and `closeStream` always find it somewhere.
    this.ended.set(stream.exchangeId, result);
    if (this.ended.size > ENDED_KEPT) this.ended.delete(this.ended.keys().next().value!);
    this.open.delete(stream.exchangeId);
    return result;
  }

  private async endOf(record: AgentRecord, stream: OpenStream): Promise<StreamEnd> {
    const { frame, recorder: events } = await stream.ended;
    const result: StreamEnd = {
      exchangeId: stream.exchangeId,
      ended: frame.stream?.ended ?? 'complete',
      events: events.state.events,
      ...(frame.error ? { frameError: frame.error } : {}),
    };
    const taskId = events.state.taskId;
    const attempts = taskId === undefined ? 0 : (this.resyncs.get(taskId) ?? 0);
    // A resubscription that dropped again before telling anything new is not worth another round.
    const fruitless = frame.source === 'resync:subscribe' && events.state.events <= 1;
    if (
      isDrop(frame.error) &&
      taskId !== undefined &&
      !events.state.ended &&
      !fruitless &&
      attempts < MAX_RESYNCS &&
      record.settings.resyncOnDrop &&
      this.isOpen(record.id)
    ) {
      this.resyncs.set(taskId, attempts + 1);
      result.resync = await this.resync(record, taskId);
    }
    return result;
  }
}

/**
 * Ways a stream can end that say nothing about the task: the connection went, not the work. A total timeout is the
 * user's own limit, so it is respected rather than worked around.
 */
function isDrop(error: FrameError | undefined): boolean {
  if (!error) return false;
  if (error.kind === 'timeout') return error.phase === 'idle';
  return error.kind === 'reset' || error.kind === 'network' || error.kind === 'protocol';
}
