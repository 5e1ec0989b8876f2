// bench:soak's measured cycle: the host (recording on, as the apps run it) makes a blocking send, reads a stream to
// its end, starts a slow task and cancels it, and gets it, against one agent.

import type { OperationOutcome } from '../shared/host/agent';
import type { HostService } from '../shared/host/hostApi';
import type { SoakCycle } from './soakSdkCycle';

/** The host's cycle for one open agent; an outcome other than the expected one goes to `fail`. */
export function hostSoakCycle(host: HostService, agentId: string, fail: (what: string) => void): SoakCycle {
  const message = (text: string) => ({ parts: [{ kind: 'text' as const, text }] });
  const expect = (what: string, outcome: OperationOutcome, status: OperationOutcome['status']) => {
    if (outcome.status !== status) fail(`${what}: ${outcome.status} ${outcome.message}`);
  };
  return async (n) => {
    const sent = await host.runOperation({
      agentId,
      operation: 'send',
      input: { message: message(`hello ${n}`), blocking: true },
    });
    expect('send', sent, 'result');
    const stream = await host.runOperation({
      agentId,
      operation: 'stream',
      input: { message: message(`stream ${n}`), blocking: false },
    });
    expect('stream', stream, 'stream');
    if (stream.exchangeId) await host.awaitStream({ exchangeId: stream.exchangeId });
    const slow = await host.runOperation({
      agentId,
      operation: 'send',
      input: { message: message(`slow ${n}`), blocking: false },
    });
    expect('slow send', slow, 'result');
    const taskId = slow.taskId ?? (slow.result?.type === 'task' ? slow.result.task.id : undefined);
    if (!taskId) return fail('slow send: no task id');
    expect('cancel', await host.runOperation({ agentId, operation: 'cancel', input: { taskId } }), 'result');
    expect('get', await host.runOperation({ agentId, operation: 'get', input: { taskId } }), 'result');
  };
}
