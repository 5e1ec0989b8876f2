// The agent client's half of the host contract (docs/architecture.md#the-host-contract): how the renderer and the CLI
// open an agent, set its credentials and limits, run operations and control streams. Plain JSON types only; the host
// keeps the secrets and hands back settings with them replaced by `SECRET_PLACEHOLDER`.

import type { Operation, OperationInputs } from '../a2a/adapter';
import type { CardInterface } from '../a2a/detect';
import type { Binding, Generation } from '../a2a/generation';
import type { A2AError, OperationResult } from '../a2a/model';
import type { SecurityScheme } from '../a2a/securitySchemes';
import type { Finding } from '../wire/finding';
import type { FrameError } from '../wire/frame';

export const SECRET_PLACEHOLDER = '••••••';

export type AgentAuth =
  | { type: 'none' }
  | { type: 'apiKey'; location: 'header' | 'query' | 'cookie'; name: string; value: string }
  | { type: 'bearer'; token: string }
  | { type: 'basic'; username: string; password: string }
  | {
      type: 'oauth2-client-credentials';
      tokenUrl: string;
      clientId: string;
      clientSecret: string;
      scopes?: string[];
      /** How the client authenticates to the token endpoint (RFC 6749 §2.3.1); Basic is the default. */
      clientAuth?: 'basic' | 'body';
    }
  | {
      /** RFC 6749 §4.1 with PKCE (RFC 7636): the user signs in in a browser, the host keeps the tokens (AUTH-3). */
      type: 'oauth2-authorization-code';
      authorizationUrl: string;
      tokenUrl: string;
      clientId: string;
      /** Empty for a public client, which proves itself with the PKCE verifier alone. */
      clientSecret: string;
      scopes?: string[];
      clientAuth?: 'basic' | 'body';
    };

/** The auth types that get their bearer token from a token endpoint. */
export type OAuthAuth = Extract<
  AgentAuth,
  { type: 'oauth2-client-credentials' | 'oauth2-authorization-code' }
>;

export function isOAuth(auth: AgentAuth): auth is OAuthAuth {
  return auth.type === 'oauth2-client-credentials' || auth.type === 'oauth2-authorization-code';
}

/** What the auth form can offer for one of the card's schemes (AUTH-2): a ready auth with its secrets empty. */
export interface AuthOffer {
  /** The scheme's name in the card. */
  scheme: string;
  /** The auth to fill in, or absent when Switchboard cannot do this scheme (then `note` says what to do). */
  auth?: AgentAuth;
  note?: string;
}

export interface CustomHeader {
  name: string;
  value: string;
  /** Masked in the UI and redacted on export, like a credential. */
  secret?: boolean;
}

/** Milliseconds. Streams have no total limit unless `streamTotalMs` is set. */
export interface AgentTimeouts {
  connectMs: number;
  firstByteMs: number;
  /** No bytes for this long once a body has started (a hung stream). */
  idleMs: number;
  totalMs: number;
  streamTotalMs?: number;
}

export interface AgentLimits {
  /** A JSON answer's bytes kept; past it the exchange stops with a "too large" error. */
  maxBodyBytes: number;
  /** One SSE event (WHATWG block) at most; a larger one is skipped and flagged, the stream goes on. */
  maxEventBytes: number;
  /** A whole stream at most; past it the stream is closed with a "too large" error. */
  maxStreamBytes: number;
}

/**
 * How to reach the agent over TLS and through proxies (NET-1, docs/architecture.md#connections-tls-and-proxies).
 * Certificates and keys are a PEM file's path or the PEM text itself; `passphrase` is a secret like a credential.
 */
export interface AgentConnection {
  /** CA certificates trusted for this agent besides the system store. */
  ca?: string;
  /** SHA-256 fingerprint (hex, colons optional) of the one untrusted certificate the user checked and accepts. */
  acceptFingerprint?: string;
  /** Client certificate and its key for mutual TLS (PEM). */
  cert?: string;
  key?: string;
  /** Client certificate and key as one PKCS#12 file (a path), instead of `cert` and `key`. */
  pfx?: string;
  /** Unlocks `key` or `pfx`. Kept in the vault, never in the library or a session. */
  passphrase?: string;
  /** An http:// proxy URL, or 'none'; absent: HTTPS_PROXY / HTTP_PROXY / NO_PROXY from the environment. */
  proxy?: string;
}

export interface InterfaceSelection {
  url?: string;
  generation?: Generation;
  binding?: Binding;
}

export interface AgentSettings {
  /** Which of the card's interfaces to talk to; the card's preferred one when empty. */
  selection: InterfaceSelection;
  auth: AgentAuth;
  headers: CustomHeader[];
  /** Extension URIs to activate on every request (WIRE-4). */
  extensions: string[];
  timeouts: AgentTimeouts;
  limits: AgentLimits;
  /** Origins (scheme://host:port) the user allowed credentials to go to, besides the agent's own (AUTH-5). */
  trustedOrigins: string[];
  /** After a stream drops before its task ended: get the task, then subscribe again (TASK-4). */
  resyncOnDrop: boolean;
  /** TLS trust, client certificate and proxy (NET-1); absent means the system's trust and the environment's proxy. */
  connection?: AgentConnection;
}

/** A change to some settings; timeouts and limits can be changed one field at a time. */
export type AgentSettingsChange = Partial<Omit<AgentSettings, 'timeouts' | 'limits'>> & {
  timeouts?: Partial<AgentTimeouts>;
  limits?: Partial<AgentLimits>;
};

export interface OpenAgentRequest {
  /** A base URL (discovery tries the well-known paths) or the full URL of a card. */
  url: string;
  /** Tried after the well-known paths, relative to the base URL. */
  cardPath?: string;
  settings?: AgentSettingsChange;
}

/** A compat server's other card: what it answers when the `A2A-Version` header differs (docs/protocol.md#discovery). */
export interface CardVariant {
  a2aVersion: string | null;
  frameId: string;
  generation?: Generation;
  /** The variant also carries the other generation's fields (a 0.3 card with `supportedInterfaces`). */
  superset?: boolean;
  cardText: string;
}

/** One agent in the saved library: how to open it again, and its settings without secrets. */
export interface LibraryEntry {
  url: string;
  cardPath?: string;
  /** The card's name when it was saved, for the list before the agent is opened again. */
  name?: string;
  settings?: AgentSettingsChange;
  /** Interfaces whose sends are held because their route seemed missing (CARD-3), kept across runs by the host. */
  routeHolds?: SavedRouteHold[];
}

/** A route-missing hold as the library keeps it: written and cleared by the host only, dropped when the card changes. */
export interface SavedRouteHold {
  /** The interface: generation, binding and URL, as the host keys it. */
  key: string;
  message: string;
  /** The frame that showed the route missing (in the run that found it). */
  frameId: string;
  /** The card the hold was found under; another card means the agent changed and the hold is dropped. */
  cardSha256: string;
}

export interface LibraryLoad {
  entries: LibraryEntry[];
  /** Set when the file could not be used; the file itself is kept aside, never overwritten. */
  problem?: string;
}

/**
 * One of the card's interfaces named for a single request, instead of the one the agent's settings choose: the
 * conformance suite runs on every interface this way without changing what the user picked.
 */
export interface InterfaceChoice {
  url: string;
  generation: Generation;
  binding: Binding;
}

/** A request typed by hand (MSG-8): any method, URL and body, valid or not, sent with the agent's credentials. */
export interface RawAgentRequest {
  agentId: string;
  method: string;
  /** Absolute, or relative to the chosen interface's URL; empty means the interface URL itself. */
  url: string;
  headers: Array<[string, string]>;
  body?: string;
  /** The body as exact bytes (base64), for a file that is not text; instead of `body`. */
  bodyBase64?: string;
  via?: InterfaceChoice;
  /**
   * `false` sends the request exactly as written, without the agent's credentials and custom headers: a
   * conformance test that a request without credentials is refused must not carry them.
   */
  credentials?: false;
  /**
   * `false` sends it as typed without reading it as the operation it looks like: only an error is read from the
   * answer. A request that is malformed on purpose (a conformance probe) is not an operation to decode.
   */
  identify?: false;
  /** Headers the user marked secret (MSG-8): marked on the frame like the agent's own credentials. */
  secretHeaders?: string[];
}

export interface AgentSummary {
  id: string;
  cardUrl: string;
  /** The agent's own origin: credentials go elsewhere only after the user agrees. */
  origin: string;
  cardText: string;
  /** The frame that fetched the card; absent for a card that was pasted or opened from a file. */
  cardFrameId?: string;
  generation: Generation;
  detection: { confidence: string; reason: string; superset: boolean; findings: Finding[] };
  interfaces: CardInterface[];
  /** The interface operations go to, or undefined when none is usable (then the reason is in `problem`). */
  chosen?: CardInterface;
  problem?: string;
  variants: CardVariant[];
  securitySchemes: SecurityScheme[];
  securityRequirements: string[][];
  authOffers: AuthOffer[];
  /** The settings in force, secrets replaced by SECRET_PLACEHOLDER. */
  settings: AgentSettings;
  /** Sends to the chosen interface are held: its route seemed missing, in this run or a past one (CARD-3). */
  routeHold?: RouteHoldSummary;
}

export type OpenAgentResult =
  { ok: true; agent: AgentSummary; attempts: string[] } | { ok: false; message: string; attempts: string[] };

export type OperationRequest = {
  [O in Operation]: {
    agentId: string;
    operation: O;
    input: OperationInputs[O];
    via?: InterfaceChoice;
    /** Send even though this interface answered as if its route were missing (CARD-3): the user confirmed. */
    despiteMissingRoute?: boolean;
  };
}[Operation];

export type OperationStatus =
  /** The agent answered with a result. */
  | 'result'
  /** The agent answered with an A2A error. */
  | 'error'
  /** A stream is open; its events arrive as frames, and `awaitExchange` resolves when it ends. */
  | 'stream'
  /** Something came back that is not a usable answer (not JSON, wrong shape, HTML error page …). */
  | 'invalid'
  /** The exchange itself failed (refused, timeout, cap …): see `frameError`. */
  | 'failed'
  /** Nothing was sent: the request could not be built or credentials would go to another origin. */
  | 'refused';

export interface OperationOutcome {
  status: OperationStatus;
  /** One line for the user, e.g. "HTTP 502 Bad Gateway (text/html): <first KB>". */
  message: string;
  /** The `http` frame of the exchange, when one was sent. */
  exchangeId?: string;
  result?: OperationResult;
  error?: A2AError;
  frameError?: FrameError;
  findings: Finding[];
  taskId?: string;
  contextId?: string;
  /** Set with status 'refused' when the user must allow an origin first (`trustOrigin`). */
  confirm?: { origin: string; reason: string };
  /** Frames of steps taken on the way (an OAuth token request). */
  stepFrameIds?: string[];
  /**
   * The interface answered an operation with 404, 405 or an HTML page (CARD-3): set on that answer and on each send
   * held after it (status 'refused'), with the frame that showed it; `despiteMissingRoute` sends anyway.
   */
  routeMissing?: { frameId: string };
}

/** The hold on the agent's chosen interface, as the summary tells it (CARD-3), also when a past run found it. */
export interface RouteHoldSummary {
  message: string;
  frameId: string;
}

export interface StreamEnd {
  exchangeId: string;
  ended: 'complete' | 'closed-by-user' | 'error';
  events: number;
  frameError?: FrameError;
  /** When the stream dropped and resync ran: the get and subscribe outcomes. */
  resync?: ResyncOutcome;
}

export interface ResyncOutcome {
  get: OperationOutcome;
  /** Absent when the task was already over (nothing to subscribe to) or the get failed. */
  subscribe?: OperationOutcome;
}
