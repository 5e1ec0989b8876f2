// probe.cancel: a task that is still running can be canceled (docs/protocol.md#operations-and-bindings): cancel answers
// with the task in `canceled`. The test agents keep a task running when its text says "slow"; any other agent still
// working when the cancel arrives will do, and one whose task ends first is skipped with the reason, not failed.

import type { OperationOutcome } from '../../../shared/host/agent';
import type { Frame } from '../../../shared/wire/frame';
import {
  describeOutcome,
  failed,
  isMissingOperation,
  passed,
  skipped,
  spokenInterface,
  taskOf,
  textMessage,
  withDeadline,
} from './probeKit';
import type { ProbeContext, Verdict } from './probeKit';
import { isTerminalState } from '../../../shared/a2a/model';

/** After a successful cancel, how long the task's stream gets to end by itself (1.0 agents close at the terminal
 * state, docs/protocol.md#streaming-over-sse) before the runner closes it. */
const STREAM_END_MS = 2000;

interface Started {
  taskId?: string;
  /** The task's state as last seen before the cancel went out. */
  state(): string | undefined;
  exchangeId?: string;
  /** Why no task was started. */
  note?: string;
  stop(): void;
}

export async function cancelProbe(ctx: ProbeContext): Promise<Verdict> {
  const started = await startRunningTask(ctx);
  try {
    const taskId = started.taskId;
    if (!taskId) return skipped(`The agent did not start a task to cancel: ${started.note ?? 'no task'}`);
    const before = started.state();
    if (isTerminalState(before))
      return skipped(`Task ${taskId} was already ${before} before it could be canceled.`);
    const answer = await ctx.host.runOperation({
      agentId: ctx.agent.id,
      operation: 'cancel',
      input: { taskId },
    });
    started.stop();
    const after = taskOf(answer)?.status.state;
    if (after === 'canceled') {
      if (started.exchangeId) {
        await withDeadline(
          ctx.host.awaitStream({ exchangeId: started.exchangeId }),
          Math.min(STREAM_END_MS, ctx.timeoutMs),
          'The stream',
        ).catch(() => undefined);
      }
      return passed(`Task ${taskId} was ${before ?? 'running'}, and cancel made it canceled.`);
    }
    if (isTerminalState(after))
      return skipped(`Task ${taskId} was already ${after} when the cancel arrived.`);
    // No cancel at all is one fault, and probe.required-methods is the one that says so.
    if (isMissingOperation(answer, spokenInterface(ctx.agent)?.binding))
      return skipped(
        `The agent has no cancel operation (${describeOutcome(answer)}); probe.required-methods reports it.`,
      );
    if (answer.error) {
      // A refusal is fair when the task ended on its own meanwhile; read it back to tell.
      const now = taskOf(
        await ctx.host.runOperation({ agentId: ctx.agent.id, operation: 'get', input: { taskId } }),
      )?.status.state;
      if (isTerminalState(now) && now !== 'canceled') {
        return skipped(
          `Task ${taskId} ended (${now}) before the cancel arrived, which answered ${describeOutcome(answer)}.`,
        );
      }
    }
    return failed(
      `Task ${taskId} was ${before ?? 'running'}; cancel answered ${after ? `with the task ${after}` : describeOutcome(answer)}.`,
    );
  } finally {
    started.stop();
  }
}

/**
 * Starts a task that should still be running a moment later. By stream when the card allows: the task id comes with
 * the first event, even where a plain send would block until the task ends (0.1's does). Otherwise a non-blocking
 * send.
 */
async function startRunningTask(ctx: ProbeContext): Promise<Started> {
  const words = textMessage('Switchboard probe: a slow task to cancel');
  if (!ctx.card.streaming) {
    const sent = await ctx.host.runOperation({
      agentId: ctx.agent.id,
      operation: 'send',
      input: { ...words, blocking: false },
    });
    return settled(sent);
  }
  const watch = watchStream(ctx);
  try {
    const opened = await ctx.host.runOperation({
      agentId: ctx.agent.id,
      operation: 'stream',
      input: { ...words, blocking: false },
    });
    if (opened.status !== 'stream' || !opened.exchangeId) {
      watch.stop();
      return settled(opened);
    }
    watch.bind(opened.exchangeId);
    const taskId = await withDeadline(watch.taskId, ctx.timeoutMs, 'The first event of the task');
    return { taskId, exchangeId: opened.exchangeId, state: watch.state, stop: watch.stop };
  } catch (error) {
    watch.stop();
    throw error;
  }
}

/** A start that answered at once: with a task (running or not), or with nothing to cancel. */
function settled(outcome: OperationOutcome): Started {
  const task = taskOf(outcome);
  const nothing = () => undefined;
  return task
    ? { taskId: task.id, state: () => task.status.state, stop: nothing }
    : { note: describeOutcome(outcome), state: nothing, stop: nothing };
}

/** Follows one stream's events: the task id of the first, and the latest state. Events can be published before
 * the stream's exchange id is known, so they wait until `bind`. */
function watchStream(ctx: ProbeContext) {
  let exchangeId: string | undefined;
  let state: string | undefined;
  let found: (taskId: string) => void = () => undefined;
  const taskId = new Promise<string>((resolve) => (found = resolve));
  const early: Frame[] = [];
  const read = (frame: Frame) => {
    if (frame.kind !== 'sse' || frame.exchangeId !== exchangeId || !frame.a2a) return;
    if (frame.a2a.taskId) found(frame.a2a.taskId);
    if (frame.a2a.state) state = frame.a2a.state;
  };
  const stop = ctx.host.onEvent((event) => {
    if (event.type !== 'frames') return;
    for (const frame of event.frames) {
      if (exchangeId === undefined) early.push(frame);
      else read(frame);
    }
  });
  return {
    taskId,
    bind(id: string) {
      exchangeId = id;
      for (const frame of early.splice(0)) read(frame);
    },
    state: () => state,
    stop,
  };
}
