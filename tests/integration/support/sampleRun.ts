// The run the session tests record: a streamed task to its end, then a task that asks for input and is answered on
// the same task. Returns the multi-turn task's answer to its first message.

import type { OperationOutcome } from '../../../shared/host/agent';
import type { HostService } from '../../../shared/host/hostApi';

export async function recordSampleRun(
  host: HostService,
  agentId: string,
  texts: { stream: string; reply: string },
): Promise<OperationOutcome> {
  const streamed = await host.runOperation({
    agentId,
    operation: 'stream',
    input: { message: { parts: [{ kind: 'text', text: texts.stream }] }, blocking: true },
  });
  await host.awaitStream({ exchangeId: streamed.exchangeId! });
  const asked = await host.runOperation({
    agentId,
    operation: 'send',
    input: { message: { parts: [{ kind: 'text', text: 'need input' }] }, blocking: true },
  });
  await host.runOperation({
    agentId,
    operation: 'send',
    input: {
      message: {
        parts: [{ kind: 'text', text: texts.reply }],
        taskId: asked.taskId!,
        contextId: asked.contextId!,
      },
      blocking: true,
    },
  });
  return asked;
}
