// The host's push side, put together: targets, the receiver (started on first use), JWT checks whose JWKS fetches
// are frames, and which task ids each agent has shown, so deliveries about other tasks are flagged.

import type { PushAuthMode, PushTargetInfo, WebhookStatus } from '../../../shared/host/push';
import type { Frame, WebhookFrame } from '../../../shared/wire/frame';
import { recordExchange, type Recorder } from '../agent/recorder';
import { createJwtChecker } from './jwtCheck';
import { info, PushTargets } from './pushTargets';
import { PushRelays } from './pushRelays';
import { RecentTaskIds } from './recentTaskIds';
import { createWebhookReceiver } from './webhookReceiver';

export interface PushService {
  createTarget(agentId: string, mode: PushAuthMode, jwksUrl?: string): Promise<PushTargetInfo>;
  listTargets(agentId?: string): PushTargetInfo[];
  deleteTarget(id: string): boolean;
  status(): WebhookStatus;
  listen(host: string, port?: number): Promise<WebhookStatus>;
  /** Relays the recording proxy makes for its callers' webhooks (PRX-1). */
  readonly relays: PushRelays;
  /** The receiver's base URL, starting it when it is not listening yet (the proxy routes push configs to it). */
  receiverBaseUrl(): Promise<string>;
  /** Notes the task ids in frames the client published (call for every frame). */
  observe(frame: Frame): void;
  /** How much it holds: open exchanges it maps to their agent, and task ids over all agents (tests, bench:soak). */
  remembered(): { exchanges: number; tasks: number };
  close(): Promise<void>;
}

/** Task ids remembered per agent for the "unknown task" mark on push deliveries. */
export const KNOWN_TASKS_KEPT = 100_000;
/** Open exchanges remembered; only a stream left open by the thousand could reach it. */
export const OPEN_EXCHANGES_KEPT = 100_000;

export function createPushService(
  recorder: Recorder,
  describe: (agentId: string) => { generation: string; origin: string } | undefined,
): PushService {
  const targets = new PushTargets();
  const relays = new PushRelays();
  /** Fingerprints, not strings: compact enough that a long session's heap stays put (recentTaskIds.ts). */
  const tasks = new Map<string, RecentTaskIds>();
  /**
   * Which agent each open exchange belongs to, for its SSE frames. An exchange is forgotten at its final revision,
   * which comes after its last event (recorder.ts), so a long session does not keep an entry for every exchange it
   * ever made (bench:soak).
   */
  const exchangeAgents = new Map<string, string>();
  const jwt = createJwtChecker({
    now: recorder.deps.now,
    fetchJwks: (url) =>
      recordExchange(
        recorder,
        { method: 'GET', url, headers: [['Accept', 'application/json']] },
        {
          source: 'push:jwks',
          timeouts: { connectMs: 10_000, firstByteMs: 10_000, totalMs: 30_000 },
          readBody: () => ({ mode: 'buffer', maxBytes: 1024 * 1024 }),
        },
      ).done,
  });
  const receiver = createWebhookReceiver({
    targets,
    nextId: recorder.deps.nextId,
    now: recorder.deps.now,
    publish: (frame: WebhookFrame) => recorder.publish(frame),
    knownTask: (agentId, taskId) => tasks.get(agentId)?.has(taskId) ?? false,
    jwt,
    relays,
  });

  return {
    relays,
    async receiverBaseUrl() {
      const status = receiver.status().listening ? receiver.status() : await receiver.listen();
      return status.baseUrl!;
    },
    async createTarget(agentId, mode, jwksUrl) {
      const agent = describe(agentId);
      if (!agent) throw new Error(`No open agent has the id ${JSON.stringify(agentId)}; open it again.`);
      const status = receiver.status().listening ? receiver.status() : await receiver.listen();
      const target = targets.create({
        agentId,
        generation: agent.generation,
        mode,
        baseUrl: status.baseUrl!,
        ...(mode === 'jwt' ? { jwksUrl: jwksUrl ?? `${agent.origin}/.well-known/jwks.json` } : {}),
      });
      return info(target);
    },
    listTargets: (agentId) => targets.list(agentId).map(info),
    deleteTarget: (id) => targets.delete(id),
    status: () => receiver.status(),
    listen: (host, port) => receiver.listen(host, port),
    observe(frame) {
      const agentId = frame.kind === 'http' ? frame.a2a?.agentId : undefined;
      const taskId =
        frame.kind === 'http' ? frame.a2a?.taskId : frame.kind === 'sse' ? frame.a2a?.taskId : undefined;
      if (frame.kind === 'sse' && taskId) {
        // An event's agent is its exchange's; the exchange frame was observed first.
        const owner = exchangeAgents.get(frame.exchangeId);
        if (owner) remember(owner, taskId);
        return;
      }
      if (frame.kind === 'http' && agentId) {
        // 'pending' and 'streaming' are the revisions of an open exchange; 'done', or no state, is final.
        if (frame.state === 'pending' || frame.state === 'streaming') {
          exchangeAgents.set(frame.id, agentId);
          if (exchangeAgents.size > OPEN_EXCHANGES_KEPT)
            exchangeAgents.delete(exchangeAgents.keys().next().value!);
        } else exchangeAgents.delete(frame.id);
        if (taskId) remember(agentId, taskId);
      }
    },
    remembered: () => ({
      exchanges: exchangeAgents.size,
      tasks: [...tasks.values()].reduce((sum, known) => sum + known.count, 0),
    }),
    close: () => receiver.close(),
  };

  function remember(agentId: string, taskId: string) {
    let known = tasks.get(agentId);
    // Bounded like exchangeAgents, so a day of traffic cannot grow it without end (bench:soak); a delivery for a
    // task this old is only marked "unknown task", never refused.
    if (!known) tasks.set(agentId, (known = new RecentTaskIds(KNOWN_TASKS_KEPT)));
    known.add(taskId);
  }
}
