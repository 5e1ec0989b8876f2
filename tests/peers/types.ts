// The contract every test peer honours: a start function that listens on 127.0.0.1 (port 0 unless told) and returns a
// handle whose close() really frees the port. Tests, the recorder and the CLI only ever see these types.

export type PeerGeneration = '0.1' | '0.2' | '0.3' | '1.0';

export interface PeerOptions {
  /** Port to listen on; 0 (the default) lets the OS pick a free one. */
  port?: number;
  /** Extensions the card declares (the v1.0 peers only): the SDK refuses a message that lacks a required one. */
  extensions?: Array<{ uri: string; required?: boolean; description?: string }>;
}

/** An SSE response that has started on a peer (its first event is written). */
export interface StreamOpened {
  method: string;
  path: string;
}

export interface PeerHandle {
  name: string;
  generation: PeerGeneration;
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  baseUrl: string;
  /** The well-known card URL of this generation. */
  cardUrl: string;
  /**
   * Resolves when the next SSE response on this peer has written its first event and the SDK has had a turn to attach
   * its listeners. Lets a client cancel or resubscribe while a stream is open without sleeping. Call it before the
   * request that opens the stream.
   */
  nextStreamOpened(): Promise<StreamOpened>;
  /** Stops listening, drops every open connection (keep-alive and SSE included) and ends running tasks. */
  close(): Promise<void>;
}

export type StartPeer = (options?: PeerOptions) => Promise<PeerHandle>;
