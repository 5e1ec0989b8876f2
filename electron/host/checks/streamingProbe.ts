// probe.streaming: a card that declares streaming must really stream (docs/protocol.md#streaming-over-sse): a streaming
// send is answered with text/event-stream, at least one event comes, and the agent ends the stream on its own.

import { describeOutcome, failed, passed, plural, skipped, textMessage, withDeadline } from './probeKit';
import type { ProbeContext, Verdict } from './probeKit';

export async function streamingProbe(ctx: ProbeContext): Promise<Verdict> {
  if (!ctx.card.streaming) return skipped('The card does not declare streaming.');
  const outcome = await ctx.host.runOperation({
    agentId: ctx.agent.id,
    operation: 'stream',
    input: { ...textMessage('Switchboard probe: does this stream?'), blocking: false },
  });
  if (outcome.status !== 'stream' || !outcome.exchangeId) {
    return failed(
      `The card declares streaming, but a streaming request got no event stream: ${describeOutcome(outcome)}`,
    );
  }
  // On a timeout the runner closes the stream.
  const end = await withDeadline(
    ctx.host.awaitStream({ exchangeId: outcome.exchangeId }),
    ctx.timeoutMs,
    'The stream',
  ).catch((error: unknown) => error as Error);
  if (end instanceof Error) return failed(`The card declares streaming, but ${lowerFirst(end.message)}`);
  if (end.events === 0) return failed('The stream ended without a single event.');
  if (end.ended === 'error') {
    return failed(
      `The stream broke after ${plural(end.events, 'event')}: ${end.frameError?.message ?? 'error'}.`,
    );
  }
  return passed(`The agent streamed ${plural(end.events, 'event')} and closed the stream.`);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
