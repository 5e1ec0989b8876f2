// The host's A2A client: opens agents, keeps their settings, runs operations and controls open streams. Every byte it
// sends or receives is published as frames through the recorder
// (docs/architecture.md#frames-are-the-single-source-of-truth).
//
// Closing a stream and cancelling a task are different things (WIRE-6): `closeStream` only hangs up; `cancel` is an
// operation sent to the agent. When a stream drops before its task ended, the client resyncs: it gets the task, then
// subscribes again, each step its own frames (TASK-4).

import { randomUUID } from 'node:crypto';
import type {
  AgentSettings,
  AgentSettingsChange,
  AgentSummary,
  OpenAgentRequest,
  OpenAgentResult,
  OperationOutcome,
  OperationRequest,
  RawAgentRequest,
  ResyncOutcome,
  StreamEnd,
} from '../../../shared/host/agent';
import { detectCard } from '../../../shared/a2a/detect';
import { readCardSecurity } from '../../../shared/a2a/securitySchemes';
import { parseJsonText } from '../../../shared/wire/jsonText';
import type { FrameError, HeaderList, SecretMark } from '../../../shared/wire/frame';
import {
  DEFAULT_AGENT_SETTINGS,
  mergeSettings,
  secretsOf,
  withStoredSecrets,
  type StoredSecrets,
} from './agentSettings';
import { memoryVault, type SecretVault } from '../secrets/secretVault';
import { selectInterface, summarize, type AgentRecord } from './agentRecord';
import { originOf } from './credentials';
import { discoverCard } from './discovery';
import type { SignInFlow, SignInStart } from '../../../shared/host/signIn';
import { createSignInFlows } from '../oauth/signInFlows';
import { OAuthClient } from './oauthClient';
import { runOperation, runRaw, type OpenStream } from './operationRunner';
import { recordExchange, type Recorder } from './recorder';
import { isTerminalState } from '../../../shared/a2a/model';

/** A vault for hosts given no cipher (tests, the CLI): secrets live as long as the client. */
function onlyInMemory(): () => Promise<SecretVault> {
  const vault = memoryVault();
  return async () => vault;
}

/** Ended streams remembered for `awaitStream`, so a caller that asks late still gets the answer. */
const ENDED_KEPT = 500;

export interface AgentClient {
  openAgent(request: OpenAgentRequest): Promise<OpenAgentResult>;
  /** A card pasted or opened from a file (CARD-2): no request is made until an operation runs. */
  openCard(text: string, name: string, settings?: AgentSettingsChange): Promise<OpenAgentResult>;
  sendRaw(request: RawAgentRequest): Promise<OperationOutcome>;
  configureAgent(agentId: string, change: AgentSettingsChange): Promise<AgentSummary>;
  trustOrigin(agentId: string, origin: string): Promise<AgentSummary>;
  runOperation(request: OperationRequest): Promise<OperationOutcome>;
  closeStream(exchangeId: string): Promise<{ closed: boolean; message: string }>;
  awaitStream(exchangeId: string): Promise<StreamEnd>;
  resyncTask(agentId: string, taskId: string): Promise<ResyncOutcome>;
  forgetAgent(agentId: string): Promise<{ forgotten: boolean }>;
  /** Starts an OAuth sign-in (authorization code with PKCE) for the agent (AUTH-3). */
  startSignIn(agentId: string): Promise<SignInStart>;
  awaitSignIn(flowId: string): Promise<SignInFlow>;
  /** The agent as the renderer sees it (secrets hidden); throws for an unknown id. */
  summary(agentId: string): AgentSummary;
  /** The generation the agent is spoken to in, and its origin; undefined for an unknown id. */
  describe(agentId: string): { generation: string; origin: string } | undefined;
  /** Closes every open stream (the host is shutting down). */
  closeAll(): Promise<void>;
}

export function createAgentClient(
  recorder: Recorder,
  secretVault: () => Promise<SecretVault> = onlyInMemory(),
): AgentClient {
  const agents = new Map<string, AgentRecord>();
  const open = new Map<string, { stream: OpenStream; end: Promise<StreamEnd> }>();
  const ended = new Map<string, StreamEnd>();
  const signIns = createSignInFlows(recorder);
  /** Automatic resyncs per task, so an agent that keeps dropping the stream is not called forever. */
  const resyncs = new Map<string, number>();

  const agent = (id: string): AgentRecord => {
    const record = agents.get(id);
    if (!record) throw new Error(`No open agent has the id ${JSON.stringify(id)}; open it again.`);
    return record;
  };

  /** A GET for discovery; custom headers the user marked secret are marked on the frame too. */
  const fetchCard = (url: string, headers: HeaderList, source: string, settings: AgentSettings) =>
    recordExchange(
      recorder,
      { method: 'GET', url, headers },
      {
        source,
        timeouts: {
          connectMs: settings.timeouts.connectMs,
          firstByteMs: settings.timeouts.firstByteMs,
          idleMs: settings.timeouts.idleMs,
          totalMs: settings.timeouts.totalMs,
        },
        readBody: () => ({
          mode: 'buffer',
          maxBytes: settings.limits.maxBodyBytes,
          ...(recorder.spill ? { spill: recorder.spill } : {}),
        }),
        annotate: (frame) => {
          const secrets: SecretMark[] = settings.headers
            .filter((h) => h.secret)
            .map((h) => ({ in: 'request-header', name: h.name }));
          if (secrets.length > 0) frame.secrets = secrets;
        },
      },
    ).done;

  const run = (record: AgentRecord, request: OperationRequest, source: string) =>
    runOperation(record, request, source, {
      recorder,
      onStreamOpened: (stream) => {
        const end = watchStream(record, stream);
        open.set(stream.exchangeId, { stream, end });
      },
    });

  const watchStream = async (record: AgentRecord, stream: OpenStream): Promise<StreamEnd> => {
    let result: StreamEnd;
    try {
      result = await endOf(record, stream);
    } catch (error) {
      // Never an unhandled rejection: whatever went wrong is the stream's end, told to whoever awaits it.
      const message = error instanceof Error ? error.message : String(error);
      result = {
        exchangeId: stream.exchangeId,
        ended: 'error',
        events: 0,
        frameError: { kind: 'network', label: 'Stream failed', message },
      };
    }
    // Remembered before it leaves `open`, so `awaitStream` and `closeStream` always find it somewhere.
    ended.set(stream.exchangeId, result);
    if (ended.size > ENDED_KEPT) ended.delete(ended.keys().next().value!);
    open.delete(stream.exchangeId);
    return result;
  };

  const endOf = async (record: AgentRecord, stream: OpenStream): Promise<StreamEnd> => {
    const { frame, recorder: events } = await stream.ended;
    const result: StreamEnd = {
      exchangeId: stream.exchangeId,
      ended: frame.stream?.ended ?? 'complete',
      events: events.state.events,
      ...(frame.error ? { frameError: frame.error } : {}),
    };
    const taskId = events.state.taskId;
    const attempts = taskId === undefined ? 0 : (resyncs.get(taskId) ?? 0);
    // A resubscription that dropped again before telling anything new is not worth another round.
    const fruitless = frame.source === 'resync:subscribe' && events.state.events <= 1;
    if (
      isDrop(frame.error) &&
      taskId !== undefined &&
      !events.state.ended &&
      !fruitless &&
      attempts < MAX_RESYNCS &&
      record.settings.resyncOnDrop &&
      agents.has(record.id)
    ) {
      resyncs.set(taskId, attempts + 1);
      result.resync = await resync(record, taskId);
    }
    return result;
  };

  const resync = async (record: AgentRecord, taskId: string): Promise<ResyncOutcome> => {
    const get = await run(record, { agentId: record.id, operation: 'get', input: { taskId } }, 'resync:get');
    const task = get.result?.type === 'task' ? get.result.task : undefined;
    if (!task || isTerminalState(task.status.state) || !record.chosen) return { get };
    const subscribe = await run(
      record,
      { agentId: record.id, operation: 'subscribe', input: { taskId } },
      'resync:subscribe',
    );
    return { get, subscribe };
  };

  const newRecord = (fields: Omit<AgentRecord, 'id' | 'oauth'>): AgentRecord => {
    const record: AgentRecord = {
      ...fields,
      id: randomUUID(),
      oauth: new OAuthClient({
        now: recorder.deps.now,
        send: ({ url, headers, body, secrets, source }) =>
          recordExchange(
            recorder,
            { method: 'POST', url, headers, body: { text: body } },
            {
              source,
              timeouts: record.settings.timeouts,
              readBody: () => ({ mode: 'buffer', maxBytes: 1024 * 1024 }),
              annotate: (frame) => (frame.secrets = secrets),
            },
          ).done,
      }),
    };
    return record;
  };

  return {
    async openCard(text, name, change) {
      const parsed = parseJsonText(text);
      if (!parsed.ok)
        return { ok: false, message: `${name} is not JSON: ${parsed.finding.message}`, attempts: [] };
      const detection = detectCard(parsed.value);
      if ('error' in detection) return { ok: false, message: `${name}: ${detection.error}`, attempts: [] };
      const preferred = detection.interfaces[0];
      // No URL served this card: its own preferred interface stands for the agent's origin (AUTH-5).
      const origin = preferred ? (originOf(preferred.url) ?? '') : '';
      const record = newRecord({
        origin,
        cardUrl: `file:///${encodeURIComponent(name)}`,
        cardText: text,
        detection,
        variants: [],
        security: readCardSecurity(parsed.value),
        settings: mergeSettings(DEFAULT_AGENT_SETTINGS, change ?? {}),
      });
      selectInterface(record);
      agents.set(record.id, record);
      return { ok: true, agent: summarize(record), attempts: [] };
    },

    async sendRaw(request) {
      return runRaw(agent(request.agentId), request, 'agent:raw', {
        recorder,
        onStreamOpened: (stream) => {
          const end = watchStream(agent(request.agentId), stream);
          open.set(stream.exchangeId, { stream, end });
        },
      });
    },

    async openAgent(request) {
      // Secrets are kept under the card's URL, as the library knows an agent (AUTH-4): they fill the ones a library
      // entry left blank, or give an agent opened by its URL alone the credentials it had.
      const early = await (await secretVault()).get(request.url);
      const withSecrets = (stored: StoredSecrets | undefined) => {
        const asked = request.settings ?? (stored?.auth ? { auth: stored.auth } : {});
        return mergeSettings(DEFAULT_AGENT_SETTINGS, stored ? withStoredSecrets(asked, stored) : asked);
      };
      let settings = withSecrets(early);
      const extra: HeaderList = settings.headers.map((h) => [h.name, h.value]);
      const found = await discoverCard(request.url, request.cardPath, extra, (url, headers, source) =>
        fetchCard(url, headers, source, settings),
      );
      if (!found.ok) return found;
      if (!early && found.cardUrl !== request.url)
        settings = withSecrets(await (await secretVault()).get(found.cardUrl));
      const record = newRecord({
        origin: originOf(found.cardUrl) ?? '',
        cardUrl: found.cardUrl,
        cardText: found.cardText,
        cardFrameId: found.cardFrameId,
        detection: found.detection,
        variants: found.variants,
        security: readCardSecurity(found.card),
        settings,
      });
      selectInterface(record);
      agents.set(record.id, record);
      return { ok: true, agent: summarize(record), attempts: found.attempts };
    },

    async configureAgent(agentId, change) {
      const record = agent(agentId);
      const authBefore = JSON.stringify(record.settings.auth);
      record.settings = mergeSettings(record.settings, change);
      // Saving the same auth again keeps a sign-in; another client or endpoint needs its own token anyway.
      if (JSON.stringify(record.settings.auth) !== authBefore) record.oauth.invalidate();
      selectInterface(record);
      if (!record.cardUrl.startsWith('file:') && (change.auth || change.headers)) {
        try {
          await (await secretVault()).set(record.cardUrl, secretsOf(record.settings));
        } catch (error) {
          throw new Error(
            `The settings are in use, but the secrets could not be saved for the next run: ${(error as Error).message}`,
            { cause: error },
          );
        }
      }
      return summarize(record);
    },

    async trustOrigin(agentId, origin) {
      const record = agent(agentId);
      const normalized = originOf(origin);
      if (!normalized)
        throw new Error(`${JSON.stringify(origin)} is not an origin such as https://auth.example.com.`);
      const trusted = record.settings.trustedOrigins;
      if (!trusted.includes(normalized)) {
        record.settings = { ...record.settings, trustedOrigins: [...trusted, normalized] };
      }
      return summarize(record);
    },

    async runOperation(request) {
      return run(agent(request.agentId), request, `agent:${request.operation}`);
    },

    async closeStream(exchangeId) {
      const entry = open.get(exchangeId);
      if (!entry) {
        return {
          closed: false,
          message: ended.has(exchangeId) ? 'That stream has already ended.' : 'No open stream has that id.',
        };
      }
      entry.stream.abort(CLOSED_BY_USER);
      await entry.end;
      return { closed: true, message: 'Stream closed. The task goes on at the agent; cancel it to stop it.' };
    },

    async awaitStream(exchangeId) {
      const entry = open.get(exchangeId);
      if (entry) return entry.end;
      const result = ended.get(exchangeId);
      if (result) return result;
      throw new Error(`No stream with the id ${JSON.stringify(exchangeId)} is open or recently ended.`);
    },

    async resyncTask(agentId, taskId) {
      return resync(agent(agentId), taskId);
    },

    summary(agentId) {
      return summarize(agent(agentId));
    },

    describe(agentId) {
      const record = agents.get(agentId);
      if (!record) return undefined;
      return { generation: record.chosen?.generation ?? record.detection.generation, origin: record.origin };
    },

    async closeAll() {
      const ending = [...open.values()];
      for (const entry of ending) entry.stream.abort(CLOSED_BY_USER);
      await Promise.all(ending.map((entry) => entry.end));
    },

    async forgetAgent(agentId) {
      for (const entry of open.values())
        if (entry.stream.agentId === agentId) entry.stream.abort(CLOSED_BY_USER);
      signIns.cancel(agentId);
      return { forgotten: agents.delete(agentId) };
    },

    startSignIn: (agentId) => signIns.start(agent(agentId)),
    awaitSignIn: (flowId) => signIns.settled(flowId),
  };
}

const CLOSED_BY_USER: FrameError = {
  kind: 'aborted',
  label: 'Closed by you',
  message: 'You closed the stream. The task goes on at the agent; cancel it to stop it.',
};

/** Automatic resyncs of one task at most; the user can always resync by hand. */
const MAX_RESYNCS = 3;

/**
 * Ways a stream can end that say nothing about the task: the connection went, not the work. A total timeout is the
 * user's own limit, so it is respected rather than worked around.
 */
function isDrop(error: FrameError | undefined): boolean {
  if (!error) return false;
  if (error.kind === 'timeout') return error.phase === 'idle';
  return error.kind === 'reset' || error.kind === 'network' || error.kind === 'protocol';
}
