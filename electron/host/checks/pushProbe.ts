// probe.push: a card that declares push notifications must really deliver them (docs/protocol.md#push-notifications): a
// push target on the host's webhook receiver, a non-blocking send that carries its config, and a delivery the receiver
// accepts within the time limit. The 0.1 samples sign their deliveries with a JWT instead of echoing a token
// (docs/protocol.md#what-the-agent-sends), so a 0.1 agent's deliveries are checked against its JWKS.

import { a2aRef } from '../../../shared/checks/specRefs';
import type { WebhookFrame } from '../../../shared/wire/frame';
import { describeOutcome, failed, formatMs, passed, plural, skipped, textMessage } from './probeKit';
import type { ProbeContext, Verdict } from './probeKit';
import { isTerminalState } from '../../../shared/a2a/model';
import { profileNamed } from '../../../shared/a2a/profile';

/** After the first accepted delivery, how long the target stays for the task's last one (so the agent is not
 * answered 404 halfway through the task). */
const LAST_DELIVERY_MS = 3000;

export async function pushProbe(ctx: ProbeContext): Promise<Verdict> {
  if (!ctx.card.push) return skipped('The card does not declare push notifications.');
  const generation = ctx.agent.chosen?.generation ?? ctx.agent.generation;
  const target = await ctx.host.createPushTarget({
    agentId: ctx.agent.id,
    mode: profileNamed(generation)?.pushAuth ?? 'token',
  });
  const refused: WebhookFrame[] = [];
  let accepted = 0;
  let first: () => void = () => undefined;
  let last: () => void = () => undefined;
  const delivered = new Promise<void>((resolve) => (first = resolve));
  const finished = new Promise<void>((resolve) => (last = resolve));
  const stop = ctx.host.onEvent((event) => {
    if (event.type !== 'frames') return;
    for (const frame of event.frames) {
      // Only POSTs are deliveries: a 0.1 agent's GET ?validationToken= challenge is answered, but proves nothing.
      if (frame.kind !== 'webhook' || frame.targetId !== target.id || frame.request.method !== 'POST')
        continue;
      if (!frame.verdict.accepted) {
        refused.push(frame);
        continue;
      }
      accepted += 1;
      first();
      if (frame.a2a?.state && isTerminalState(frame.a2a.state)) last();
    }
  });
  try {
    const outcome = await ctx.host.runOperation({
      agentId: ctx.agent.id,
      operation: 'send',
      input: {
        ...textMessage('Switchboard probe: push'),
        blocking: false,
        pushNotification: { url: target.url, token: target.token },
      },
    });
    if (outcome.status !== 'result') {
      return failed(
        `The card declares push notifications, but the send with a push config was not accepted: ${describeOutcome(outcome)}`,
      );
    }
    const arrived = await waitFor(delivered, ctx.timeoutMs);
    if (!arrived) {
      if (refused.length > 0) {
        return failed(
          `The agent sent ${plural(refused.length, 'delivery', 'deliveries')}, and the webhook receiver refused them: ${refused[0]!.verdict.reason}`,
          a2aRef('pushSecurity', ctx.agent.generation),
        );
      }
      return failed(
        `The card declares push notifications, but no delivery arrived within ${formatMs(ctx.timeoutMs)}.`,
      );
    }
    await waitFor(finished, Math.min(LAST_DELIVERY_MS, ctx.timeoutMs));
    return passed(
      `The agent delivered ${plural(accepted, 'push notification')} the webhook receiver accepted.`,
    );
  } finally {
    stop();
    await ctx.host.deletePushTarget({ id: target.id });
  }
}

/** True when `event` happened within `ms`. */
function waitFor(event: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([event.then(() => true), late]).finally(() => clearTimeout(timer));
}
