// Probes of what an ended task must refuse, on a task the probe completes itself with a plain message:
// - probe.terminal-followup: a message for it gets an error (every generation says an ended task cannot be
//   restarted; A2A 1.0 §3.1.1 names the error: UnsupportedOperationError);
// - probe.cancel-errors: cancel of a task that cannot exist gets TaskNotFoundError, cancel of the ended task
//   TaskNotCancelableError (A2A 1.0 §3.1.5, and the A2A error table of every generation), in the binding's own terms.
// An agent whose first answer does not end the task (it asks for input, it is slow) is skipped with the reason.

import { randomUUID } from 'node:crypto';
import type { OperationOutcome } from '../../../shared/host/agent';
import { isTerminalState, type Task } from '../../../shared/a2a/model';
import { a2aRef } from '../../../shared/checks/specRefs';
import {
  describeError,
  describeOutcome,
  errorNames,
  failed,
  isMissingOperation,
  passed,
  skipped,
  spokenInterface,
  taskOf,
  textMessage,
} from './probeKit';
import type { ProbeContext, Verdict } from './probeKit';
import { profileOf } from '../../../shared/a2a/profile';

/** A task the probe made and that has ended, or why there is none. */
async function endedTask(ctx: ProbeContext, words: string): Promise<{ task: Task } | { skip: Verdict }> {
  const sent = await ctx.host.runOperation({
    agentId: ctx.agent.id,
    operation: 'send',
    input: { ...textMessage(words), blocking: true },
  });
  const task = taskOf(sent);
  if (!task)
    return {
      skip: skipped(`The agent answered the probe's message without a task: ${describeOutcome(sent)}`),
    };
  if (!isTerminalState(task.status.state))
    return {
      skip: skipped(
        `The probe's task did not end (it is ${task.status.state}), so there is no ended task to ask about.`,
      ),
    };
  return { task };
}

function answered(outcome: OperationOutcome): string {
  if (outcome.error) return describeError(outcome);
  const task = taskOf(outcome);
  return task ? `the task, ${task.status.state}` : outcome.message;
}

export async function terminalFollowUpProbe(ctx: ProbeContext): Promise<Verdict> {
  const spoken = spokenInterface(ctx.agent);
  if (!spoken?.binding) return skipped('The agent has no interface Switchboard speaks.');
  const spec = a2aRef('sendMessage', spoken.generation);
  const ended = await endedTask(ctx, 'Switchboard probe: a task to end, then to write to again');
  if ('skip' in ended) return ended.skip;
  const { task } = ended;
  const again = await ctx.host.runOperation({
    agentId: ctx.agent.id,
    operation: 'send',
    input: {
      message: {
        parts: [{ kind: 'text', text: 'Switchboard probe: one more message for the ended task' }],
        taskId: task.id,
        ...(task.contextId !== undefined ? { contextId: task.contextId } : {}),
      },
      blocking: true,
    },
  });
  if (!again.error) {
    return failed(
      `A message for task ${task.id}, which had ${task.status.state}, was taken: the agent answered with ${answered(again)}. An ended task cannot be restarted.`,
      spec,
    );
  }
  const named = profileOf(spoken.generation).endedTaskError;
  if (named && !errorNames(again).includes(named)) {
    return failed(
      `A message for the ended task ${task.id} should get ${named}; it got ${describeError(again)}.`,
      spec,
    );
  }
  return passed(`A message for the ended task ${task.id} was refused: ${describeError(again)}.`, spec);
}

export async function cancelErrorsProbe(ctx: ProbeContext): Promise<Verdict> {
  const spoken = spokenInterface(ctx.agent);
  if (!spoken?.binding) return skipped('The agent has no interface Switchboard speaks.');
  const spec = a2aRef('cancel', spoken.generation);
  const unknownId = `switchboard-probe-${randomUUID()}`;
  const unknown = await ctx.host.runOperation({
    agentId: ctx.agent.id,
    operation: 'cancel',
    input: { taskId: unknownId },
  });
  if (isMissingOperation(unknown, spoken.binding))
    return skipped(
      `The agent has no cancel operation (${describeError(unknown)}); probe.required-methods reports it.`,
    );
  const problems: string[] = [];
  if (!errorNames(unknown).includes('TaskNotFoundError'))
    problems.push(
      `cancel of a task that cannot exist should get TaskNotFoundError; it got ${answered(unknown)}`,
    );
  const ended = await endedTask(ctx, 'Switchboard probe: a task to end, then to cancel');
  let second = '';
  if ('task' in ended) {
    const { task } = ended;
    const cancel = await ctx.host.runOperation({
      agentId: ctx.agent.id,
      operation: 'cancel',
      input: { taskId: task.id },
    });
    if (!errorNames(cancel).includes('TaskNotCancelableError'))
      problems.push(
        `cancel of task ${task.id}, which had ${task.status.state}, should get TaskNotCancelableError; it got ${answered(cancel)}`,
      );
    else second = `, and cancel of an ended task ${describeError(cancel)}`;
  } else {
    second = ` (no ended task to cancel: ${ended.skip.message})`;
  }
  if (problems.length > 0)
    return failed(`Cancel answers with the wrong errors: ${problems.join('; ')}.`, spec);
  return passed(`Cancel of an unknown task got ${describeError(unknown)}${second}.`, spec);
}
