// probe.bindings-agree: every interface a card declares is the same agent (docs/protocol.md#operations-and-bindings),
// so the same blocking send over each binding Switchboard speaks ends the same way: the same final state and the same
// artifact text, ids aside. The runner switches the agent back to the interface it was on.

import type { OperationOutcome } from '../../../shared/host/agent';
import { findAdapter } from '../../../shared/a2a/adapters';
import type { Part } from '../../../shared/a2a/model';
import { describeOutcome, failed, passed, skipped, taskOf, textMessage } from './probeKit';
import type { ProbeContext, Verdict } from './probeKit';

export async function bindingsProbe(ctx: ProbeContext): Promise<Verdict> {
  const seen = new Set<string>();
  const interfaces = ctx.agent.interfaces.filter((iface) => {
    const key = `${iface.generation} ${iface.binding}`;
    if (!iface.binding || !findAdapter(iface.generation, iface.binding) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (interfaces.length < 2) {
    return skipped('The card declares one binding Switchboard speaks, so there is nothing to compare.');
  }
  const results: Array<{ label: string; gist: string }> = [];
  for (const iface of interfaces) {
    await ctx.host.configureAgent({
      agentId: ctx.agent.id,
      settings: { selection: { url: iface.url, generation: iface.generation, binding: iface.binding! } },
    });
    const outcome = await ctx.host.runOperation({
      agentId: ctx.agent.id,
      operation: 'send',
      input: { ...textMessage('Switchboard probe: the same request on every binding'), blocking: true },
    });
    results.push({ label: `${iface.bindingWire} ${iface.generation}`, gist: gist(outcome) });
  }
  const first = results[0]!;
  if (results.every((result) => result.gist === first.gist)) {
    return passed(`${results.length} bindings gave the same result: ${first.gist}`);
  }
  return failed(
    `The bindings disagree: ${results.map((result) => `${result.label} → ${result.gist}`).join('; ')}.`,
  );
}

/** What a send's answer comes to, ids aside: the final state and the artifacts' text, or the message's text. */
function gist(outcome: OperationOutcome): string {
  const task = taskOf(outcome);
  if (task)
    return `${task.status.state}: ${task.artifacts.flatMap((artifact) => artifact.parts.map(partText)).join('')}`;
  if (outcome.result?.type === 'message')
    return `message: ${outcome.result.message.parts.map(partText).join('')}`;
  return describeOutcome(outcome);
}

function partText(part: Part): string {
  return part.kind === 'text' ? part.text : `[${part.kind}]`;
}
