// The one contract between the renderer and the host (docs/architecture.md#the-host-contract). The method-name list
// below is the only source the transports derive from: the Electron preload/IPC bridge, the browser-edition HTTP bridge
// and the in-process bridge for tests all loop over `hostMethodNames`, so a method added here reaches every edition at
// once.

import type {
  AgentSettingsChange,
  AgentSummary,
  LibraryEntry,
  LibraryLoad,
  OpenAgentRequest,
  OpenAgentResult,
  OperationOutcome,
  OperationRequest,
  RawAgentRequest,
  ResyncOutcome,
  StreamEnd,
} from './agent';
import type {
  ActsCatalog,
  ActsProgress,
  ActsRunRequest,
  ActsRunResult,
  ActsRunStarted,
} from '../acts/actsRunTypes';
import type { ProbeResult } from '../checks/types';
import type { RequestBodyCheck } from '../wire/bodyProblems';
import type { PushAuthMode, PushTargetInfo, WebhookStatus } from './push';
import type { HostBootstrap } from './bootstrap';
import type { SignInFlow, SignInStart } from './signIn';
import type { SignOutResult, TokenStatus } from './tokens';
import type {
  ExportFormat,
  MockAgentInfo,
  MockTiming,
  RecentSession,
  ResendResult,
  SavedSession,
  SessionExport,
  SessionFramesPage,
  SessionDetails,
  SessionIndexProgress,
  SessionSummary,
} from '../session/types';
import type { SessionRowSearch, SessionRowsPage } from '../session/sessionRows';
import type { SessionTaskFrames, SessionTaskList } from '../session/sessionTasks';
import type { SearchProgress, SearchRequest } from '../search/frameSearch';
import type { Finding } from '../wire/finding';
import type { Frame, HeaderList, HttpFrame } from '../wire/frame';
import type { ProxyOptions, ProxyStatus } from '../proxy/proxyTypes';

export type Edition = 'desktop' | 'browser' | 'cli' | 'test';

export interface HostInfo {
  appName: string;
  appVersion: string;
  edition: Edition;
  platform: string;
  arch: string;
  nodeVersion: string;
  electronVersion?: string;
  /**
   * Where agents' secrets are kept between runs (AUTH-4): the OS keychain, a file encrypted with the user's
   * passphrase (opted into where there is no keychain), or this host's memory only.
   */
  secretStorage: 'os-keychain' | 'passphrase-file' | 'memory';
  /** A passphrase file exists but is not open yet: `unlockSecrets` opens it. */
  secretFileLocked?: boolean;
}

export type RawRequestBody = { text: string } | { base64: string };

export interface RawRequestTimeouts {
  /** Until the socket (and TLS) is ready. */
  connectMs?: number;
  /** From the request being sent until the response head starts. */
  firstByteMs?: number;
  /** The whole exchange. */
  totalMs?: number;
}

/** An HTTP request the host performs and records as a frame. */
export interface RawRequest {
  method: string;
  url: string;
  headers?: HeaderList;
  body?: RawRequestBody;
  timeouts?: RawRequestTimeouts;
  /** Response bytes kept at most; the rest is counted, not kept, and the frame says so. */
  maxBodyBytes?: number;
  /** Recorded on the frame: what asked for this exchange. */
  source?: string;
  /** Headers the user marked secret (MSG-8): the frame marks them, so views mask them and exports redact them. */
  secretHeaders?: string[];
}

export interface HostApi {
  getInfo(): Promise<HostInfo>;
  /** `getInfo` and the sidebar's first reads in one call, for the renderer's start (shared/host/bootstrap.ts). */
  bootstrap(): Promise<HostBootstrap>;
  /** Never rejects for network trouble: failures come back as a frame with `error` set. */
  fetchRaw(request: RawRequest): Promise<HttpFrame>;
  /** Discovers an agent's card (every attempt a frame) and keeps the agent for the calls below. */
  openAgent(request: OpenAgentRequest): Promise<OpenAgentResult>;
  /** Changes an agent's settings; secrets sent back as SECRET_PLACEHOLDER keep their stored value. */
  configureAgent(request: { agentId: string; settings: AgentSettingsChange }): Promise<AgentSummary>;
  /** The user agreed that credentials may go to this origin (AUTH-5). */
  trustOrigin(request: { agentId: string; origin: string }): Promise<AgentSummary>;
  /** Never rejects for agent or network trouble: the outcome says what happened. */
  runOperation(request: OperationRequest): Promise<OperationOutcome>;
  /** Hangs up an open stream; the task is not cancelled. */
  closeStream(request: { exchangeId: string }): Promise<{ closed: boolean; message: string }>;
  /** Resolves when the stream ends (at once when it already has). */
  awaitStream(request: { exchangeId: string }): Promise<StreamEnd>;
  /** Gets the task, then subscribes to it again when it is still running (TASK-4). */
  resyncTask(request: { agentId: string; taskId: string }): Promise<ResyncOutcome>;
  forgetAgent(request: { agentId: string }): Promise<{ forgotten: boolean }>;
  /** Starts an OAuth 2 sign-in (authorization code with PKCE): the URL to open, and the steps so far (AUTH-3). */
  startSignIn(request: { agentId: string }): Promise<SignInStart>;
  /** The sign-in once it has succeeded or failed, with every step and the frames that carried them. */
  awaitSignIn(request: { flowId: string }): Promise<SignInFlow>;
  /** The token the agent's requests carry, masked; in clear only with `reveal`, which the user clicks (AUTH-3). */
  tokenStatus(request: { agentId: string; reveal?: boolean }): Promise<TokenStatus>;
  /**
   * Revokes the token where the server offers it (RFC 7009), then forgets it whatever the server said. `revokeAt`:
   * the user chose to revoke at the other origin an earlier sign-out named (`SignOutResult.revokeAt`).
   */
  signOut(request: { agentId: string; revokeAt?: string }): Promise<SignOutResult>;
  /** A card pasted or opened from a file (CARD-2); `name` labels it (a file name). */
  openCard(request: { text: string; name: string; settings?: AgentSettingsChange }): Promise<OpenAgentResult>;
  /** Sends a request typed by hand to the agent's interface, with its credentials (MSG-8). */
  sendRaw(request: RawAgentRequest): Promise<OperationOutcome>;
  /** The saved agent library (UX-1); `problem` says why a file could not be used. */
  loadLibrary(): Promise<LibraryLoad>;
  /** Replaces the saved library; secrets are never written. */
  saveLibrary(request: { entries: LibraryEntry[] }): Promise<{ saved: number }>;
  /**
   * A push target on the host's webhook receiver for an agent (PUSH-1): a URL of its own and fresh secrets to put in
   * the push config. `jwt` mode verifies signed deliveries against `jwksUrl` (default: the agent origin's
   * /.well-known/jwks.json).
   */
  createPushTarget(request: {
    agentId: string;
    mode: PushAuthMode;
    jwksUrl?: string;
  }): Promise<PushTargetInfo>;
  listPushTargets(request: { agentId?: string }): Promise<PushTargetInfo[]>;
  deletePushTarget(request: { id: string }): Promise<{ deleted: boolean }>;
  webhookStatus(): Promise<WebhookStatus>;
  /** Moves the receiver; any host but 127.0.0.1 is an explicit choice and comes back with a warning (PUSH-5). */
  setWebhookListener(request: { host: string; port?: number }): Promise<WebhookStatus>;
  /** Starts the built-in demo agent on 127.0.0.1 (once) and says where it is. */
  startDemoAgent(): Promise<{ url: string }>;
  /** Schema, detection and lint findings on a card's text, each placed at a line and column (CARD-4). */
  checkCard(request: { text: string; cardUrl?: string }): Promise<CardCheckResult>;
  /** The request editor's body against the request schema of the operation it was recognised as (MSG-8). */
  checkRequestBody(request: {
    generation: string;
    binding: string;
    operation: string;
    body: string;
  }): Promise<RequestBodyCheck>;
  /**
   * Opens a session (SES-2): a saved file by path, or a file's text the renderer read (drag-and-drop, picker). HAR
   * files are recognised and imported (SES-5). `LIVE_SESSION_ID` is the current run's journal and is always open.
   * Rejects with a plain message for a file that is too large, not a session, corrupted, or from a newer version.
   */
  openSession(
    request: ({ path: string } | { text: string; name: string }) & Cancellable,
  ): Promise<SessionSummary>;
  /** A page of an open session's frames, newest revision of each, in order of first arrival. */
  readSessionFrames(request: { sessionId: string; from: number; count: number }): Promise<SessionFramesPage>;
  /**
   * A page of one-line summaries of an open session's frames (sessionRows.ts): what a session in browse mode
   * (`SessionSummary.browse`, too large to load whole) shows as it is scrolled.
   */
  readSessionRows(request: { sessionId: string; from: number; count: number }): Promise<SessionRowsPage>;
  /**
   * Finds the next row of an open session, from `from` on, whose text contains `text` (case-insensitive). A search
   * stops after about a second without a match and says how far it got, so the caller can go on or give up.
   */
  findSessionRow(request: { sessionId: string; text: string; from: number }): Promise<SessionRowSearch>;
  /**
   * The tasks of a session in browse mode (TL-6), found by reading it once through its index; later calls reuse
   * what that read found. Rejects for a session loaded whole (its tasks are in the Tasks tab).
   */
  listSessionTasks(request: { sessionId: string }): Promise<SessionTaskList>;
  /**
   * One task's frames from a session in browse mode, read by position, with the exchanges of its stream events. A
   * task is one agent's: `agentId` names whose (`''` for a task no agent's exchange carried); without it, the one
   * task with that id, refused when several agents used the id.
   */
  readSessionTask(request: {
    sessionId: string;
    taskId: string;
    agentId?: string;
  }): Promise<SessionTaskFrames>;
  closeSession(request: { sessionId: string }): Promise<{ closed: boolean }>;
  /**
   * Searches an open session's frames (TL-5): bodies, headers, events, stored bodies read from disk, with optional
   * filters. Answers at once with an id; hits and progress arrive as `search` events until one says `done`. With an
   * `opId`, `cancelOperation` stops it as `cancelSearch` does (UX-5).
   */
  searchSession(request: { sessionId: string } & SearchRequest & Cancellable): Promise<{ searchId: string }>;
  /** Stops a search under way; false when it had ended already. */
  cancelSearch(request: { searchId: string }): Promise<{ cancelled: boolean }>;
  /**
   * A slice of a body too large for memory, which the host stored on disk (SEC-4, `BodyBytes.stored`), for views
   * that load a large file part only when asked: at most `STORED_READ_MAX_BYTES` per call, base64-encoded, with the
   * body's whole size. Rejects when the session has no such body.
   */
  readStoredBytes(request: {
    sessionId: string;
    sha256: string;
    offset: number;
    length: number;
  }): Promise<{ base64: string; total: number }>;
  /**
   * Keeps agents' secrets in a file encrypted with `passphrase` (AUTH-4): opens the file when there is one (rejects a
   * wrong passphrase), or creates it, moving in the secrets held in memory so far. Refused where the OS keychain is
   * used.
   */
  unlockSecrets(request: { passphrase: string }): Promise<{ created: boolean }>;
  /** Writes the session into the data folder's sessions/, atomically, secrets redacted (AUTH-4). */
  saveSession(request: { sessionId: string; title?: string } & Cancellable): Promise<SavedSession>;
  /** The session as a file's text for download: a session file or HAR 1.2; redaction is on unless `redact: false`. */
  exportSession(request: {
    sessionId: string;
    format: ExportFormat;
    redact?: boolean;
    frameIds?: string[];
    opId?: string;
  }): Promise<SessionExport>;
  /** Saved sessions, files opened before and the journals of earlier runs, newest first (SES-8). */
  listSessions(): Promise<RecentSession[]>;
  /**
   * Re-sends a session's requests (all, or `frameIds`) to a live agent, in order, and diffs the new run against the
   * recorded one (SES-4). Only ever runs when the user asks. Cancelled (UX-5), it sends nothing more, stops the
   * request in flight and answers the partial comparison with `cancelled: true`.
   */
  resendSession(
    request: { sessionId: string; agentId: string; frameIds?: string[] } & Cancellable,
  ): Promise<ResendResult>;
  /** Serves a session as an A2A agent on 127.0.0.1 (SES-7). */
  startMockAgent(request: { sessionId: string; timing?: MockTiming; port?: number }): Promise<MockAgentInfo>;
  stopMockAgent(request: { id: string }): Promise<{ stopped: boolean }>;
  listMockAgents(): Promise<MockAgentInfo[]>;
  /**
   * Runs conformance probes against an open agent (CHK-4): each makes its own traffic (recorded as frames like any
   * other) and reads its verdict from it. All probes when `probes` is absent; ones the card does not declare are
   * skipped. Only ever runs when the user asks.
   */
  runProbes(request: { agentId: string; probes?: string[] } & Cancellable): Promise<ProbeResult[]>;
  /**
   * Cancels a call that carried this `opId` (UX-5): an open, save or export rejects with an `AbortError` and leaves
   * nothing half done; a check run answers with the probes that ran and the rest skipped. False when none is running.
   */
  cancelOperation(request: { opId: string }): Promise<{ cancelled: boolean }>;
  /** The official conformance suite (ACTS) Switchboard carries: its suites and tests (CHK-6). */
  actsCatalog(): Promise<ActsCatalog>;
  /**
   * Starts running the conformance suite against an open agent, on every interface asked for; returns at once.
   * Progress arrives as `acts` events, the result from `awaitActs`. Only ever runs when the user asks.
   */
  startActs(request: ActsRunRequest): Promise<ActsRunStarted>;
  /** The run's result once it has finished (or was stopped). */
  awaitActs(request: { runId: string }): Promise<ActsRunResult>;
  /** Stops a run between steps; the tests it did not reach are listed as not run. */
  stopActs(request: { runId: string }): Promise<{ stopped: boolean }>;
  /**
   * Writes a PDF file part to a file of the host's naming and hands it to the OS's viewer (TL-4), only when the user
   * clicks. Rejects, with a message to show, for bytes that are not a PDF, a file too large, or an edition that has
   * no opener.
   */
  openExternally(request: OpenExternallyRequest): Promise<OpenExternallyResult>;
  /**
   * Starts a recording proxy for an agent on 127.0.0.1 (PRX-1): its card, rewritten to point at the proxy, is what
   * clients are given. Rejects for a bad upstream or port, or when a proxy for that upstream already runs.
   */
  startProxy(request: ProxyOptions): Promise<ProxyStatus>;
  stopProxy(request: { id: string }): Promise<{ stopped: boolean }>;
  listProxies(): Promise<ProxyStatus[]>;
  /** Applies fault rules (PRX-4) to a running proxy, as parsed JSON; `null` clears them. Rejects invalid rules. */
  setProxyFaultRules(request: { id: string; rules: unknown }): Promise<ProxyStatus>;
}

/** A file part to open with the OS's app: its inline base64, or where its stored bytes are (SEC-4). */
export interface OpenExternallyRequest {
  mediaType: 'application/pdf';
  source:
    { base64: string } | { stored: { sessionId: string; sha256: string; offset: number; length: number } };
}

/** The largest PDF handed to an opener: its base64 still fits the browser edition's request-body cap. */
export const OPEN_EXTERNALLY_MAX_BYTES = 160 * 1024 * 1024;

/** Characters of base64 for `bytes` bytes; JSON escapes (`\/`) may double a stored string's length. */
export function base64Chars(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

export interface OpenExternallyResult {
  /** Bytes written and handed to the opener. */
  size: number;
}

/** A long call the renderer may cancel names itself with an id of its choosing (UX-5, `cancelOperation`). */
export interface Cancellable {
  opId?: string;
}

/** One step of a cancellable call (UX-5): `done` of `total` `unit`s, for the shared progress notice. */
export interface OperationProgress {
  opId: string;
  done: number;
  total?: number;
  unit: 'bytes' | 'requests';
}

/** The session id of the current run's recording, open from the start. */
export const LIVE_SESSION_ID = 'live';

export interface CardCheckResult {
  generation?: string;
  findings: Finding[];
}

export const hostMethodNames = [
  'getInfo',
  'bootstrap',
  'fetchRaw',
  'openAgent',
  'configureAgent',
  'trustOrigin',
  'runOperation',
  'closeStream',
  'awaitStream',
  'resyncTask',
  'forgetAgent',
  'startSignIn',
  'awaitSignIn',
  'tokenStatus',
  'signOut',
  'checkCard',
  'checkRequestBody',
  'openCard',
  'sendRaw',
  'loadLibrary',
  'saveLibrary',
  'startDemoAgent',
  'createPushTarget',
  'listPushTargets',
  'deletePushTarget',
  'webhookStatus',
  'setWebhookListener',
  'openSession',
  'readSessionFrames',
  'readSessionRows',
  'findSessionRow',
  'listSessionTasks',
  'readSessionTask',
  'closeSession',
  'searchSession',
  'cancelSearch',
  'readStoredBytes',
  'unlockSecrets',
  'saveSession',
  'exportSession',
  'listSessions',
  'resendSession',
  'startMockAgent',
  'stopMockAgent',
  'listMockAgents',
  'runProbes',
  'actsCatalog',
  'startActs',
  'awaitActs',
  'stopActs',
  'openExternally',
  'cancelOperation',
  'startProxy',
  'stopProxy',
  'listProxies',
  'setProxyFaultRules',
] as const;
export type HostMethod = (typeof hostMethodNames)[number];

// Compile-time proof that the list and the interface name the same methods.
type MissingFromList = Exclude<keyof HostApi, HostMethod>;
type MissingFromApi = Exclude<HostMethod, keyof HostApi>;
export const hostMethodListIsComplete: [MissingFromList, MissingFromApi] extends [never, never]
  ? true
  : never = true;

/**
 * Host → renderer notifications. Frames travel in batches, never one message per frame. `open-session` asks the
 * renderer to open a file the desktop shell was handed (file association, SES-8); `acts` tells a conformance run's
 * progress.
 */
export type HostEvent =
  | { type: 'frames'; frames: Frame[] }
  | { type: 'open-session'; path: string }
  /** A conformance run's progress: after each test, and when it has finished (CHK-6). */
  | { type: 'acts'; progress: ActsProgress }
  | { type: 'search'; progress: SearchProgress }
  /** The running recording proxies, after each start, stop or change of rules (PRX-1). */
  | { type: 'proxies'; proxies: ProxyStatus[] }
  /** How far a cancellable call that carried an `opId` has got: bytes read, requests re-sent (UX-5). */
  | { type: 'progress'; progress: OperationProgress }
  /** How far the index of a session opened in browse mode has got, while the host builds it (issue 27). */
  | { type: 'session-index'; progress: SessionIndexProgress }
  /**
   * A session opened in browse mode before it was indexed, once it is: what its open answered only in part (the
   * exact count, the end time, a head written after the frames). Sent once, after its last `session-index` event.
   */
  | { type: 'session-details'; details: SessionDetails };
export type HostEventType = HostEvent['type'];
/** Every event type, for transports that must recognise what they relay (the HTTP bridge drops what is not here). */
export const hostEventTypes = [
  'frames',
  'open-session',
  'acts',
  'search',
  'proxies',
  'progress',
  'session-index',
  'session-details',
] as const;

// Compile-time proof that the list and the union name the same events, as for the methods above.
type EventMissingFromList = Exclude<HostEventType, (typeof hostEventTypes)[number]>;
type EventMissingFromUnion = Exclude<(typeof hostEventTypes)[number], HostEventType>;
export const hostEventListIsComplete: [EventMissingFromList, EventMissingFromUnion] extends [never, never]
  ? true
  : never = true;

export type HostEventListener = (event: HostEvent) => void;

/** What the renderer holds: the API plus the event stream. */
export interface HostConnection extends HostApi {
  onEvent(listener: HostEventListener): () => void;
}

/** What a host implementation offers to the transports. */
export interface HostService extends HostApi {
  onEvent(listener: HostEventListener): () => void;
  /** Stops what the host started (the demo agent, open streams); the shells call it on quit. */
  close(): Promise<void>;
  /** The shell was handed a session file to open (file association, SES-8): tells the renderer. */
  announceOpen(path: string): void;
}

export const hostEventChannel = 'host:event';
export function hostChannel(method: HostMethod): string {
  return `host:${method}`;
}

/** The envelope every transport carries, so a failure keeps its name and message across IPC and HTTP. */
export type HostCallResult = { ok: true; value: unknown } | { ok: false; error: HostCallErrorInfo };

export interface HostCallErrorInfo {
  name: string;
  message: string;
}

export function isHostMethod(name: unknown): name is HostMethod {
  return typeof name === 'string' && (hostMethodNames as readonly string[]).includes(name);
}
