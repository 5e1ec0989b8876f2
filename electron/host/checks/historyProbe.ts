// probe.history-length: GetTask honours `historyLength`: 0 leaves the history out, n returns at most the n most
// recent messages (A2A 1.0 §3.2.4; the `tasks/get` params of earlier generations). The probe makes a task of its own
// with a plain message and reads it back three ways. Over the 0.3 protobuf bindings a historyLength of 0 is the
// field's default and cannot be told from "not given", so there only the limit of one is asked.

import { a2aRef } from '../../../shared/checks/specRefs';
import { describeOutcome, failed, passed, skipped, spokenInterface, taskOf, textMessage } from './probeKit';
import type { ProbeContext, Verdict } from './probeKit';
import { profileOf } from '../../../shared/a2a/profile';

export async function historyLengthProbe(ctx: ProbeContext): Promise<Verdict> {
  const spoken = spokenInterface(ctx.agent);
  if (!spoken?.binding) return skipped('The agent has no interface Switchboard speaks.');
  const spec = a2aRef('historyLength', spoken.generation);
  const sent = await ctx.host.runOperation({
    agentId: ctx.agent.id,
    operation: 'send',
    input: { ...textMessage('Switchboard probe: a task to read back with less history'), blocking: true },
  });
  const task = taskOf(sent);
  if (!task)
    return skipped(`The agent answered the probe's message without a task: ${describeOutcome(sent)}`);
  const get = (historyLength?: number) =>
    ctx.host.runOperation({
      agentId: ctx.agent.id,
      operation: 'get',
      input: { taskId: task.id, ...(historyLength !== undefined ? { historyLength } : {}) },
    });
  const whole = taskOf(await get());
  if (!whole) return skipped(`Task ${task.id} could not be read back to compare.`);
  const problems: string[] = [];
  // Over the 0.3 protobuf, historyLength 0 is the field's default and cannot be asked for.
  const protobufZero = !profileOf(spoken.generation).messageShape(spoken.binding).historyLengthZero;
  if (!protobufZero) {
    const none = await get(0);
    const kept = taskOf(none)?.history.length;
    if (kept === undefined) problems.push(`historyLength 0 got ${describeOutcome(none)}`);
    else if (kept > 0)
      problems.push(
        `historyLength 0 returned ${kept} history message${kept === 1 ? '' : 's'}; it should leave the history out`,
      );
  }
  if (protobufZero && whole.history.length < 2) {
    return skipped(
      `Over A2A ${spoken.generation} ${spoken.binding} a historyLength of 0 cannot be sent (it is the protobuf default), and the task has too little history (${whole.history.length} message${whole.history.length === 1 ? '' : 's'}) to test a limit of one.`,
    );
  }
  if (whole.history.length >= 2) {
    const one = await get(1);
    const kept = taskOf(one)?.history.length;
    if (kept === undefined) problems.push(`historyLength 1 got ${describeOutcome(one)}`);
    else if (kept > 1)
      problems.push(
        `historyLength 1 returned ${kept} of the task's ${whole.history.length} history messages`,
      );
  }
  if (problems.length > 0)
    return failed(`GetTask does not honour historyLength: ${problems.join('; ')}.`, spec);
  return passed(
    `GetTask honoured historyLength (${protobufZero ? '' : '0: no history; '}${whole.history.length >= 2 ? `1: one of ${whole.history.length}` : `the task had ${whole.history.length} message${whole.history.length === 1 ? '' : 's'}`}).`,
    spec,
  );
}
