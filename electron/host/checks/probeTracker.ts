// Keeps account of what one probe did through the host, so that whatever happens to the probe (it passes, fails, or
// runs out of time halfway) the runner can undo it and say which frames it made: every stream it opened is closed,
// every push target it made is removed, the interface it switched the agent to is switched back, and once its time
// is up the probe cannot start anything new.

import type { AgentSummary, InterfaceSelection, OperationOutcome } from '../../../shared/host/agent';
import type { Frame } from '../../../shared/wire/frame';
import type { ProbeHost } from './probeKit';

export interface ProbeTracker {
  /** The host to hand the probe. */
  host: ProbeHost;
  /** The probe's time is up: its next host call throws, and a stream that opens after this is closed at once. */
  stop(): void;
  /** Closes the streams still open, removes the push targets, puts the agent's interface back. Never throws. */
  undo(): Promise<void>;
  /** Of `frames` (published while the probe ran), the ones its traffic made: exchanges with the agent, their
   * events, deliveries to its push targets. */
  framesOf(frames: readonly Frame[]): string[];
}

export function trackProbe(host: ProbeHost, agent: AgentSummary): ProbeTracker {
  const exchanges = new Set<string>();
  const openStreams = new Set<string>();
  const targets = new Set<string>();
  const liveTargets = new Set<string>();
  let selection: InterfaceSelection | undefined;
  let stopped = false;

  const guard = (what: string) => {
    if (stopped) throw new Error(`The probe ran out of time before it could ${what}.`);
  };

  const note = async (outcome: OperationOutcome): Promise<OperationOutcome> => {
    if (outcome.exchangeId) exchanges.add(outcome.exchangeId);
    for (const id of outcome.stepFrameIds ?? []) exchanges.add(id);
    if (outcome.status === 'stream' && outcome.exchangeId) {
      if (stopped) {
        await host.closeStream({ exchangeId: outcome.exchangeId });
        guard('use the stream it opened');
      }
      openStreams.add(outcome.exchangeId);
    }
    return outcome;
  };

  const tracked: ProbeHost = {
    async runOperation(request) {
      guard(`run ${request.operation}`);
      return note(await host.runOperation(request));
    },
    async sendRaw(request) {
      guard('send a request');
      return note(await host.sendRaw(request));
    },
    async awaitStream(request) {
      const end = await host.awaitStream(request);
      openStreams.delete(request.exchangeId);
      return end;
    },
    async closeStream(request) {
      openStreams.delete(request.exchangeId);
      return host.closeStream(request);
    },
    async createPushTarget(request) {
      guard('make a push target');
      const target = await host.createPushTarget(request);
      targets.add(target.id);
      liveTargets.add(target.id);
      if (stopped) {
        await host.deletePushTarget({ id: target.id });
        liveTargets.delete(target.id);
        guard('use its push target');
      }
      return target;
    },
    async deletePushTarget(request) {
      liveTargets.delete(request.id);
      return host.deletePushTarget(request);
    },
    onEvent: (listener) => host.onEvent(listener),
    async configureAgent(request) {
      guard('switch interfaces');
      selection ??= agent.settings.selection;
      return host.configureAgent(request);
    },
  };

  const quietly = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch {
      // Undoing is best effort: a stream that ended meanwhile or an agent forgotten meanwhile is fine as it is.
    }
  };

  return {
    host: tracked,
    stop() {
      stopped = true;
    },
    async undo() {
      for (const exchangeId of [...openStreams]) {
        openStreams.delete(exchangeId);
        await quietly(() => host.closeStream({ exchangeId }));
      }
      for (const id of [...liveTargets]) {
        liveTargets.delete(id);
        await quietly(() => host.deletePushTarget({ id }));
      }
      if (selection !== undefined) {
        const original = selection;
        selection = undefined;
        await quietly(() => host.configureAgent({ agentId: agent.id, settings: { selection: original } }));
      }
    },
    framesOf(frames) {
      // A request that never got an answer has no outcome to name its exchange, so an exchange with this agent
      // during the probe counts too (the runner only hands over frames published while the probe ran).
      const mine = new Set<string>(exchanges);
      for (const frame of frames)
        if (frame.kind === 'http' && frame.a2a?.agentId === agent.id) mine.add(frame.id);
      const ids = new Set<string>();
      for (const frame of frames) {
        const ours =
          frame.kind === 'http'
            ? mine.has(frame.id)
            : frame.kind === 'sse'
              ? mine.has(frame.exchangeId)
              : frame.targetId !== undefined && targets.has(frame.targetId);
        if (ours) ids.add(frame.id);
      }
      return [...ids];
    },
  };
}
