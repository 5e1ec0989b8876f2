// Frames are the core record of Switchboard (docs/architecture.md#frames-are-the-single-source-of-truth): every
// exchange on the wire is kept as a frame with its exact bytes, and every view is derived from frames. Later issues add
// frame kinds (SSE events, webhook deliveries, OAuth steps) to the `Frame` union and optional fields to the existing
// kinds; nothing here should be replaced.

import type { ProxiedInfo } from '../proxy/proxyTypes';
import type { Finding } from './finding';

/** Header lines in wire order; a list rather than a map so duplicates and original casing survive. */
export type HeaderList = Array<[name: string, value: string]>;

/** A body as it crossed the wire: the exact bytes plus a UTF-8 reading of them for display. */
export interface BodyBytes {
  /** The exact bytes, base64-encoded (only plain JSON crosses the host boundary). */
  base64: string;
  /** The bytes decoded as UTF-8; invalid sequences show as U+FFFD, see `utf8Valid`. */
  text: string;
  /** Number of bytes kept in `base64`. */
  size: number;
  /** False when the bytes are not valid UTF-8, so `text` is only an approximation. */
  utf8Valid: boolean;
  /** Set when reading stopped at a cap: the bytes kept are the first `size` of at least `seen`. */
  truncated?: { limit: number; seen: number };
  /**
   * Set when the body was too large to hold in memory (SEC-4): its exact `size` bytes are in the host's store under
   * `sha256` and `base64` is empty. `text` is then either the body with each long string cut out and replaced by a
   * placeholder pointing into the stored bytes (`'reduced'`, valid JSON: shared/wire/storedString.ts), or only its
   * first bytes (`'head'`), for a body that is not JSON or stays large without its long strings.
   */
  stored?: { sha256: string; text: 'reduced' | 'head'; strings: number };
}

export type TimeoutPhase = 'connect' | 'first-byte' | 'idle' | 'total';

export type FrameErrorKind =
  | 'invalid-request'
  | 'dns'
  | 'refused'
  | 'reset'
  | 'unreachable'
  | 'tls'
  | 'timeout'
  | 'too-large'
  | 'aborted'
  | 'protocol'
  | 'network';

/** Why an exchange did not complete; `label` is the short words a user sees, `message` the detail. */
export interface FrameError {
  kind: FrameErrorKind;
  label: string;
  message: string;
  /** The platform's error code when there was one (ECONNREFUSED, ENOTFOUND, ERR_SSL_WRONG_VERSION_NUMBER …). */
  code?: string;
  phase?: TimeoutPhase;
}

/** Milliseconds since the Unix epoch, fractional where the clock allows. */
export interface FrameTiming {
  start: number;
  /** Socket (and TLS) ready. */
  connected?: number;
  /** First byte of the response head. */
  firstByte?: number;
  end?: number;
}

export interface FrameRequest {
  method: string;
  url: string;
  /** The header lines that were sent, including the ones the host added (Host, Content-Length, Connection). */
  headers: HeaderList;
  body?: BodyBytes;
}

export interface FrameResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  headers: HeaderList;
  body: BodyBytes;
}

interface FrameBase {
  /** Unique within a host run; sortable in creation order. */
  id: string;
  timing: FrameTiming;
  /** What started the exchange: the address bar, an agent operation, a probe … */
  source: string;
}

/**
 * Where a secret sits in a frame, so the UI can mask it and exports can redact it (AUTH-1, SES-5). Only the location
 * is recorded, never a second copy of the value.
 */
export type SecretMark =
  | { in: 'request-header'; name: string }
  | { in: 'query'; name: string }
  | { in: 'cookie'; name: string }
  /** A field of an `application/x-www-form-urlencoded` request body (OAuth client secrets). */
  | { in: 'form'; name: string }
  /** Every member with this key in the JSON request body (a push config's `token` or `credentials`). */
  | { in: 'request-json'; key: string }
  /** A JSON pointer into the response body (an OAuth access token). */
  | { in: 'response-json'; pointer: string };

/** What the agent client knew about an exchange: which agent, operation and task it belongs to. */
export interface FrameA2A {
  agentId: string;
  operation: string;
  generation: string;
  binding: string;
  /** JSON-RPC method and request id, when the binding is JSON-RPC. */
  rpc?: { method: string; id: string | number };
  taskId?: string;
  contextId?: string;
  /** What the decoder made of the answer: a result, an error, a stream, or nothing usable. */
  outcome?: 'result' | 'error' | 'stream' | 'invalid';
}

/** A stream's totals, kept on its exchange frame; the bytes themselves are in the exchange's `sse` frames. */
export interface StreamSummary {
  /** Bytes of the body received. */
  bytes: number;
  /** Dispatched events. */
  events: number;
  /** Blocks with no data (keep-alives, lone `id:` lines) — recorded as `sse` frames with `dispatched: false`. */
  emptyBlocks: number;
  /** Why the stream ended: the agent closed it, the user closed it, a cap, a timeout or a network error. */
  ended?: 'complete' | 'closed-by-user' | 'error';
}

/**
 * One HTTP request and its response (or the error that stopped it). An exchange that takes time is published more
 * than once with the same id and a higher `rev`: when sent (`state: 'pending'`), when a stream's head arrives
 * (`'streaming'`), and when it ends (`'done'`). Readers keep the highest `rev`; a frame without `rev` is final.
 */
/** One certificate the peer presented, as the frame inspector shows it (NET-1). */
export interface FrameCertificate {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  /** SHA-256 of the DER bytes, upper-case hex with colons (as browsers and openssl show it). */
  sha256: string;
}

/** How the exchange reached its peer (NET-1): the proxy and why, and what TLS negotiated and why it was trusted. */
export interface FrameConnection {
  /** The proxy used, credentials removed, and what chose it (`HTTPS_PROXY`, `agent setting` …). */
  proxy?: { url: string; reason: string; mode: 'tunnel' | 'forward' };
  /** Why no proxy was used, when one could have been (NO_PROXY, a loopback target, the agent's 'none'). */
  direct?: string;
  tls?: {
    protocol?: string;
    cipher?: string;
    /** The chain as presented, leaf first. */
    chain: FrameCertificate[];
    trust: 'system' | 'agent-ca' | 'accepted-fingerprint' | 'untrusted';
    /** OpenSSL's reason when the chain did not verify (SELF_SIGNED_CERT_IN_CHAIN …). */
    verifyError?: string;
    clientCertificate: boolean;
  };
}

export interface HttpFrame extends FrameBase {
  kind: 'http';
  rev?: number;
  state?: 'pending' | 'streaming' | 'done';
  request: FrameRequest;
  response?: FrameResponse;
  error?: FrameError;
  remote?: { address: string; port: number };
  /**
   * Set when the response was an event stream: the events are `sse` frames, and `response.body` is empty (the address
   * bar's exchanges keep the bytes there too).
   */
  stream?: StreamSummary;
  /** Rules the exchange broke (wrong content type, id mismatch, SSE framing …), kept beside the bytes. */
  findings?: Finding[];
  a2a?: FrameA2A;
  secrets?: SecretMark[];
  connection?: FrameConnection;
  /** Set when the recording proxy carried the exchange for another client (PRX-1); see shared/proxy/proxyTypes.ts. */
  proxied?: ProxiedInfo;
}

/**
 * One block of an event stream as it arrived (FRM-2): its raw text and byte span in the exchange's body, the WHATWG
 * fields, the data parsed as JSON when it is JSON, and what the A2A decoder made of it. Events and empty blocks tile
 * the body byte for byte, so the exact stream can be rebuilt from these frames.
 */
export interface SseFrame extends FrameBase {
  kind: 'sse';
  /** The `http` frame of the exchange that carried this block. */
  exchangeId: string;
  /** Running number of the block within its exchange, from 0 (events and empty blocks together). */
  seq: number;
  /** Byte span `[start, end)` in the response body. */
  offset: { start: number; end: number };
  /** The block's bytes decoded as UTF-8, line endings and blank line included. */
  raw: string;
  /** The exact bytes as base64, only when they are not valid UTF-8 (otherwise `raw` is exact). */
  rawBase64?: string;
  /** False for a block with no data field, which WHATWG does not dispatch (keep-alive comments, lone ids). */
  dispatched: boolean;
  event?: { index: number; type: string; data: string; id?: string; retry?: number };
  comments?: string[];
  /**
   * The data parsed as JSON; absent when it is not JSON (then `findings` says why), or when `jsonFromData` says
   * JSON.parse of the data gives it. Read it with `eventJson` (eventJson.ts), which covers both.
   */
  json?: unknown;
  /**
   * The data is JSON and its value is exactly JSON.parse of the data, so no parsed copy is carried: the host's live
   * frames are made this way, which parses a fast stream's events once (in the analysis) instead of twice, and
   * sends each event's JSON to the window once, as its data, instead of twice (bench:ingest).
   */
  jsonFromData?: true;
  findings?: Finding[];
  /**
   * Set for an event larger than the per-event cap (FRM-8): its exact bytes, the whole block, are in the host's
   * store under `sha256` as large bodies are (SEC-4), `raw` holds only their first bytes, and nothing was decoded;
   * the window loads the bytes when asked. `type` is the block's `event` field when its first bytes name one.
   */
  stored?: { sha256: string; size: number; type: string };
  a2a?: {
    /** task, message, status-update, artifact-update, error, or unknown. */
    item: string;
    taskId?: string;
    contextId?: string;
    state?: string;
    final?: boolean;
  };
  /** Set on the events of an exchange the recording proxy carried (PRX-1). */
  proxied?: ProxiedInfo;
}

/** Why the webhook receiver took or refused a delivery (PUSH-1, PUSH-4), in words a user can act on. */
export interface WebhookVerdict {
  accepted: boolean;
  /** The HTTP status the receiver answered with. */
  status: number;
  /** One sentence: "Accepted: X-A2A-Notification-Token matched", "Rejected: token mismatch" … */
  reason: string;
  /** Which credential path the delivery used. */
  auth?: 'token' | 'bearer' | 'jwt' | 'none';
}

/**
 * A push delivery that reached the webhook receiver (PUSH-3): the request exactly as it came, the answer given, and
 * the verdict. Rejected deliveries are frames too, so a refusal can be read with its reason.
 */
export interface WebhookFrame extends FrameBase {
  kind: 'webhook';
  /** The push target (one per registered config) the path named, when it named one. */
  targetId?: string;
  agentId?: string;
  request: FrameRequest;
  response: { status: number; headers: HeaderList; body: BodyBytes };
  verdict: WebhookVerdict;
  remote?: { address: string; port: number };
  findings?: Finding[];
  /**
   * Set when the delivery came to a relay the recording proxy made (PRX-1): it was passed on to the caller's own
   * webhook (shown without its query, which may hold a secret), and `response` is that webhook's answer.
   */
  relayedTo?: { url: string; proxyId: string; status?: number; error?: string };
  a2a?: {
    generation?: string;
    /** task, message, status-update, artifact-update, or unknown. */
    item?: string;
    taskId?: string;
    contextId?: string;
    state?: string;
    /** The same body arrived before for this target (agents deliver at least once). */
    duplicate?: boolean;
    /** The task id is none the client has seen for this agent. */
    unknownTask?: boolean;
  };
}

export type Frame = HttpFrame | SseFrame | WebhookFrame;
export type FrameKind = Frame['kind'];
