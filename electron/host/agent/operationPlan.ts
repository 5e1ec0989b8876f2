// The shapes an operation travels in between the runner (operationRunner.ts), which builds and sends it, its
// exchange (operationExchange.ts), which records and reads it, and the client's open streams (agentStreams.ts). They
// sit in a module of their own so that those three can share them without importing one another in a circle.

import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
import type { FrameError, HttpFrame, SecretMark } from '../../../shared/wire/frame';
import type { AgentRecord } from './agentRecord';
import type { Recorder } from './recorder';
import type { StreamRecorder } from './streamRecorder';

export interface OpenStream {
  exchangeId: string;
  agentId: string;
  abort(error: FrameError): void;
  /** The final frame and what the recorder learnt, once the stream has ended. */
  ended: Promise<{ frame: HttpFrame; recorder: StreamRecorder }>;
}

export interface RunnerHooks {
  recorder: Recorder;
  onStreamOpened(stream: OpenStream): void;
  /** Aborts the exchange when the operation that sent it is cancelled (UX-5: a re-send's request in flight). */
  signal?: AbortSignal;
}

/** One encoded request, ready to send (again, after a token renewal). */
export interface SendPlan {
  agent: AgentRecord;
  adapter: GenerationAdapter;
  request: EncodedRequest;
  hooks: RunnerHooks;
  /** The task the input names, to label the frame before any answer. */
  inputTaskId: string | undefined;
  /** Secrets in the request body (a push config's token). */
  bodySecrets: SecretMark[];
  /** Typed by hand and not recognised as any operation: sent as is, its answer read only for errors. */
  unidentified?: boolean;
  /** Sent exactly as written: without the agent's credentials and custom headers (RawAgentRequest.credentials). */
  bare?: boolean;
  /** A raw body of exact bytes (base64), sent instead of `request.body`: a file that is not text (MSG-8). */
  bodyBase64?: string;
}
