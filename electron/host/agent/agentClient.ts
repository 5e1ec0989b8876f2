// The host's A2A client: opens agents, keeps their settings, runs operations and controls open streams. Every byte it
// sends or receives is published as frames through the recorder
// (docs/architecture.md#frames-are-the-single-source-of-truth).
//
// Closing a stream and cancelling a task are different things (WIRE-6): `closeStream` only hangs up; `cancel` is an
// operation sent to the agent. When a stream drops before its task ended, the client resyncs: it gets the task, then
// subscribes again, each step its own frames (TASK-4). Open streams are kept by agentStreams.ts.

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
import { SECRET_PLACEHOLDER } from '../../../shared/host/agent';
import { detectCard } from '../../../shared/a2a/detect';
import { readCardSecurity } from '../../../shared/a2a/securitySchemes';
import { parseJsonText } from '../../../shared/wire/jsonText';
import type { HeaderList, SecretMark } from '../../../shared/wire/frame';
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
import { readTokenStatus } from '../oauth/tokenStatus';
import { signOutOAuth } from '../oauth/tokenSignOut';
import type { SignOutResult, TokenStatus } from '../../../shared/host/tokens';
import { isOAuth } from '../../../shared/host/agent';
import { OAuthClient } from './oauthClient';
import { runRaw } from './operationRunner';
import type { RouteHoldStore } from '../routeHoldStore';
import { AgentStreams } from './agentStreams';
import { recordExchange, type Recorder } from './recorder';

/** A vault for hosts given no cipher (tests, the CLI): secrets live as long as the client. */
function onlyInMemory(): () => Promise<SecretVault> {
  const vault = memoryVault();
  return async () => vault;
}

export interface AgentClient {
  openAgent(request: OpenAgentRequest): Promise<OpenAgentResult>;
  /** A card pasted or opened from a file (CARD-2): no request is made until an operation runs. */
  openCard(text: string, name: string, settings?: AgentSettingsChange): Promise<OpenAgentResult>;
  /** `signal` stops the exchange when the caller is cancelled (a re-send, UX-5). */
  sendRaw(request: RawAgentRequest, signal?: AbortSignal): Promise<OperationOutcome>;
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
  /** The token the agent's requests carry, for the token panel (AUTH-3). */
  tokenStatus(agentId: string, reveal: boolean): TokenStatus;
  /** `revokeAt`: the other origin the user chose to revoke at after a sign-out named it. */
  signOut(agentId: string, revokeAt?: string): Promise<SignOutResult>;
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
  holdStore?: RouteHoldStore,
): AgentClient {
  const agents = new Map<string, AgentRecord>();
  const streams = new AgentStreams(recorder, (id) => agents.has(id));
  const signIns = createSignInFlows(recorder);
  const context: ClientContext = { recorder, agents, secretVault, ...(holdStore ? { holdStore } : {}) };

  const agent = (id: string): AgentRecord => {
    const record = agents.get(id);
    if (!record) throw new Error(`No open agent has the id ${JSON.stringify(id)}; open it again.`);
    return record;
  };

  return {
    openCard: async (text, name, change) => openCardText(context, text, name, change),

    async sendRaw(request, signal) {
      const hooks = streams.hooks(() => agent(request.agentId));
      return runRaw(agent(request.agentId), request, 'agent:raw', signal ? { ...hooks, signal } : hooks);
    },

    openAgent: (request) => openAgentAt(context, request),
    configureAgent: async (agentId, change) => configure(agent(agentId), change, secretVault),
    trustOrigin: async (agentId, origin) => trust(agent(agentId), origin),

    async runOperation(request) {
      return streams.run(agent(request.agentId), request, `agent:${request.operation}`);
    },

    closeStream: (exchangeId) => streams.close(exchangeId),
    awaitStream: (exchangeId) => streams.awaitEnd(exchangeId),

    async resyncTask(agentId, taskId) {
      return streams.resync(agent(agentId), taskId);
    },

    summary(agentId) {
      return summarize(agent(agentId));
    },

    describe(agentId) {
      const record = agents.get(agentId);
      if (!record) return undefined;
      return { generation: record.chosen?.generation ?? record.detection.generation, origin: record.origin };
    },

    closeAll: () => streams.closeAll(),

    async forgetAgent(agentId) {
      streams.closeAgent(agentId);
      signIns.cancel(agentId);
      return { forgotten: agents.delete(agentId) };
    },

    startSignIn: (agentId) => signIns.start(agent(agentId)),
    awaitSignIn: (flowId) => signIns.settled(flowId),
    tokenStatus: (agentId, reveal) => readTokenStatus(agent(agentId), reveal),

    async signOut(agentId, revokeAt) {
      const record = agent(agentId);
      const auth = record.settings.auth;
      if (isOAuth(auth)) {
        signIns.cancel(agentId);
        return signOutOAuth(record.oauth, auth, revokeAt);
      }
      if (auth.type === 'none') {
        return {
          revocation: 'not-applicable',
          forgotten: true,
          message: 'No credential is set.',
          frameIds: [],
        };
      }
      // A typed credential has no server to revoke it at: dropping it from the settings drops it from the vault too.
      await configure(record, { auth: { type: 'none' } }, secretVault);
      return {
        revocation: 'not-applicable',
        forgotten: true,
        message: 'Forgot the credential: it is gone from memory and the vault; the agent now sends none.',
        frameIds: [],
      };
    },
  };
}

/** What opening an agent needs: the recorder for its frames, the open agents, and the vault with their secrets. */
interface ClientContext {
  recorder: Recorder;
  agents: Map<string, AgentRecord>;
  secretVault: () => Promise<SecretVault>;
  /** Where route-missing holds of saved agents outlive the run (CARD-3). */
  holdStore?: RouteHoldStore;
}

/** A card pasted or opened from a file (CARD-2): checked and detected, no request made. */
async function openCardText(
  { recorder, agents }: ClientContext,
  text: string,
  name: string,
  change: AgentSettingsChange | undefined,
): Promise<OpenAgentResult> {
  const parsed = parseJsonText(text);
  if (!parsed.ok)
    return { ok: false, message: `${name} is not JSON: ${parsed.finding.message}`, attempts: [] };
  const detection = detectCard(parsed.value);
  if ('error' in detection) return { ok: false, message: `${name}: ${detection.error}`, attempts: [] };
  const preferred = detection.interfaces[0];
  // No URL served this card: its own preferred interface stands for the agent's origin (AUTH-5).
  const origin = preferred ? (originOf(preferred.url) ?? '') : '';
  const record = newRecord(recorder, {
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
}

/** An agent opened by its URL: the card discovered (its fetches are frames) with the secrets kept for it. */
async function openAgentAt(
  { recorder, agents, secretVault, holdStore }: ClientContext,
  request: OpenAgentRequest,
): Promise<OpenAgentResult> {
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
    fetchCard(recorder, url, headers, source, settings),
  );
  if (!found.ok) return found;
  if (!early && found.cardUrl !== request.url)
    settings = withSecrets(await (await secretVault()).get(found.cardUrl));
  const record = newRecord(recorder, {
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
  if (holdStore) await restoreHolds(record, holdStore);
  agents.set(record.id, record);
  // A client passphrase typed with the open (the window's open form) is kept as the settings dialog keeps one: the
  // library entry holds none, and opening it again must find it in the vault (NET-1, AUTH-4).
  const typed = request.settings?.connection?.passphrase;
  if (typed && typed !== SECRET_PLACEHOLDER)
    await (await secretVault()).set(record.cardUrl, secretsOf(record.settings));
  return { ok: true, agent: summarize(record), attempts: found.attempts };
}

/**
 * The holds a past run found on this saved agent (CARD-3); those found under another card were dropped by the store.
 * A library that cannot be read holds nothing: opening the agent matters more than a hold.
 */
async function restoreHolds(record: AgentRecord, store: RouteHoldStore): Promise<void> {
  record.holdStore = store;
  try {
    const saved = await store.load(record.cardUrl, record.cardText);
    if (saved.size > 0) record.missingRoutes = saved;
  } catch {
    // Nothing to restore; a later hold is still saved when the file can be written again.
  }
}

/** New settings for an agent; its secrets are saved for the next run when it has a URL to keep them under. */
async function configure(
  record: AgentRecord,
  change: AgentSettingsChange,
  secretVault: () => Promise<SecretVault>,
): Promise<AgentSummary> {
  const authBefore = JSON.stringify(record.settings.auth);
  record.settings = mergeSettings(record.settings, change);
  // Saving the same auth again keeps a sign-in; another client or endpoint needs its own token anyway.
  if (JSON.stringify(record.settings.auth) !== authBefore) record.oauth.invalidate();
  selectInterface(record);
  if (!record.cardUrl.startsWith('file:') && (change.auth || change.headers || change.connection)) {
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
}

/** An origin the user lets the agent's credentials go to (AUTH-5). */
function trust(record: AgentRecord, origin: string): AgentSummary {
  const normalized = originOf(origin);
  if (!normalized)
    throw new Error(`${JSON.stringify(origin)} is not an origin such as https://auth.example.com.`);
  const trusted = record.settings.trustedOrigins;
  if (!trusted.includes(normalized)) {
    record.settings = { ...record.settings, trustedOrigins: [...trusted, normalized] };
  }
  return summarize(record);
}

/** A GET for discovery; custom headers the user marked secret are marked on the frame too. */
function fetchCard(
  recorder: Recorder,
  url: string,
  headers: HeaderList,
  source: string,
  settings: AgentSettings,
) {
  return recordExchange(
    recorder,
    { method: 'GET', url, headers },
    {
      source,
      ...(settings.connection ? { connection: settings.connection } : {}),
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
}

/** A record with a fresh id and its own OAuth client, whose token requests are frames like any other. */
function newRecord(recorder: Recorder, fields: Omit<AgentRecord, 'id' | 'oauth'>): AgentRecord {
  const record: AgentRecord = {
    ...fields,
    id: randomUUID(),
    oauth: new OAuthClient({
      now: recorder.deps.now,
      send: ({ url, headers, body, secrets, source, method }) =>
        recordExchange(
          recorder,
          method === 'GET'
            ? { method, url, headers }
            : { method: 'POST', url, headers, body: { text: body } },
          {
            source,
            timeouts: record.settings.timeouts,
            // The token endpoint is another server: the agent's proxy applies, its certificates do not.
            ...(record.settings.connection?.proxy
              ? { connection: { proxy: record.settings.connection.proxy } }
              : {}),
            readBody: () => ({ mode: 'buffer', maxBytes: 1024 * 1024 }),
            annotate: (frame) => (frame.secrets = secrets),
          },
        ).done,
    }),
  };
  return record;
}
