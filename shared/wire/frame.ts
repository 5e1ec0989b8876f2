// Frames are the core record of Switchboard (DESIGN.md §1): every exchange on the wire is kept as a frame with its
// exact bytes, and every view is derived from frames. Later issues add frame kinds (SSE events, webhook deliveries,
// OAuth steps) to the `Frame` union and optional fields to the existing kinds; nothing here should be replaced.

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

/** One HTTP request and its response (or the error that stopped it). */
export interface HttpFrame extends FrameBase {
  kind: 'http';
  request: FrameRequest;
  response?: FrameResponse;
  error?: FrameError;
  remote?: { address: string; port: number };
}

export type Frame = HttpFrame;
export type FrameKind = Frame['kind'];
