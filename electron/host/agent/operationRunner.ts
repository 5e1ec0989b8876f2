// Runs one A2A operation for an agent (WIRE-1, WIRE-2): encode with the chosen interface's adapter, add
// credentials (after the origin check of AUTH-5, and an OAuth token when needed), send and record the exchange,
// then decode. A streaming answer is handed to a StreamRecorder and the outcome returns as soon as the stream is
// open; its end is reported through `streamEnded`. Every failure becomes an outcome with a message, never a throw.

import { randomUUID } from 'node:crypto';
import {
  isOAuth,
  type InterfaceChoice,
  type OAuthAuth,
  type OperationOutcome,
  type OperationRequest,
  type RawAgentRequest,
} from '../../../shared/host/agent';
import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
import type { CardInterface } from '../../../shared/a2a/detect';
import { findAdapter } from '../../../shared/a2a/adapters';
import { grpcOrigin } from '../../../shared/a2a/grpcBinding';
import { identifyRequest } from '../../../shared/a2a/identify';
import { contentType } from '../../../shared/a2a/binding';
import {
  checkContentType,
  describeA2AError,
  describeResult,
  describeUnexpectedAnswer,
} from '../../../shared/a2a/exchangeChecks';
import type { OperationResult } from '../../../shared/a2a/model';
import { a2aRef, cite } from '../../../shared/checks/specRefs';
import type { Finding } from '../../../shared/wire/finding';
import { checkBodySchema } from '../bodySchema';
import type { FrameError, HeaderList, HttpFrame, SecretMark } from '../../../shared/wire/frame';
import type { AgentRecord } from './agentRecord';
import { applyCredentials, hasCredentials, originNeedingConsent } from './credentials';
import { startGrpcExchange } from '../grpc/grpcExchange';
import { recordExchange, type Recorder } from './recorder';
import { StreamRecorder } from './streamRecorder';

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
}

let rpcSequence = 0;

export async function runOperation(
  agent: AgentRecord,
  request: OperationRequest,
  source: string,
  hooks: RunnerHooks,
): Promise<OperationOutcome> {
  const chosen = interfaceFor(agent, request.via);
  if ('refused' in chosen) return chosen.refused;
  const adapter = chosen.binding ? findAdapter(chosen.generation, chosen.binding) : undefined;
  if (!adapter || !chosen.binding) {
    return refused(
      `Switchboard does not speak A2A ${chosen.generation} over ${chosen.bindingWire} yet; choose another interface.`,
    );
  }
  if (!adapter.supports.has(request.operation)) {
    return refused(
      `A2A ${adapter.generation} over ${adapter.binding} has no "${request.operation}" operation.`,
    );
  }
  const encoded = adapter.encode(request.operation, request.input as never, {
    endpoint: chosen.url,
    ...(chosen.tenant !== undefined ? { tenant: chosen.tenant } : {}),
    extensions: extensionsFor(agent.settings.extensions, request),
    requestId: ++rpcSequence,
    newId: () => randomUUID(),
  });
  if (!encoded.ok) return refused(`The request could not be built: ${encoded.reason}`);

  const plan: SendPlan = {
    agent,
    adapter,
    request: encoded.request,
    hooks,
    inputTaskId: taskOfInput(request),
    bodySecrets: bodySecretsOf(request),
  };
  const attempt = await sendOnce(plan, source);
  // A refused OAuth token (revoked, or expired early) is renewed once; both attempts stay visible as frames.
  if (attempt.retryWithNewToken) {
    agent.oauth.invalidate();
    const retry = await sendOnce(plan, `${source}:retry`);
    return {
      ...retry.outcome,
      stepFrameIds: [
        ...(attempt.outcome.stepFrameIds ?? []),
        attempt.outcome.exchangeId ?? '',
        ...(retry.outcome.stepFrameIds ?? []),
      ].filter(Boolean),
    };
  }
  return attempt.outcome;
}

/**
 * A request typed by hand (MSG-8), sent with the agent's credentials to its interface. When it matches an operation
 * of the interface's generation it is decoded as that operation; otherwise it still goes out as typed, and only an
 * error in its answer is read (so a malformed request shows the agent's error code, named).
 */
export async function runRaw(
  agent: AgentRecord,
  raw: RawAgentRequest,
  source: string,
  hooks: RunnerHooks,
): Promise<OperationOutcome> {
  const chosen = interfaceFor(agent, raw.via);
  if ('refused' in chosen) return chosen.refused;
  const adapter = chosen.binding ? findAdapter(chosen.generation, chosen.binding) : undefined;
  if (!adapter)
    return refused(`Switchboard does not speak A2A ${chosen.generation} over ${chosen.bindingWire} yet.`);
  // A gRPC interface is an address (`host:port`, `grpc://…`); its calls go to http(s)://host:port/<method path>.
  const base = adapter.binding === 'GRPC' ? (grpcOrigin(chosen.url) ?? chosen.url) : chosen.url;
  // Only `scheme://` makes a URL absolute here: REST paths such as `message:send` look like a scheme otherwise.
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw.url)
    ? raw.url
    : raw.url.trim() === ''
      ? base
      : raw.url.startsWith('?')
        ? withQuery(base, raw.url)
        : `${base.replace(/\/+$/, '')}/${raw.url.replace(/^\/+/, '')}`;
  const recorded = {
    method: raw.method.toUpperCase(),
    url,
    headers: raw.headers,
    ...(raw.body !== undefined ? { bodyText: raw.body } : {}),
  };
  const identified = raw.identify === false ? undefined : identifyRequest(adapter, recorded, chosen.url);
  const accept = raw.headers.find(([name]) => name.toLowerCase() === 'accept')?.[1] ?? '';
  const request: EncodedRequest = identified ?? {
    operation: 'get',
    // Any method the user typed goes out as typed; the adapters' narrower type only matters for their own requests.
    method: recorded.method as EncodedRequest['method'],
    url,
    headers: raw.headers,
    streaming: accept.includes('text/event-stream'),
    ...(raw.body !== undefined ? { body: raw.body } : {}),
  };
  return (
    await sendOnce(
      {
        agent,
        adapter,
        request,
        hooks,
        inputTaskId: undefined,
        bodySecrets: [],
        unidentified: !identified,
        bare: raw.credentials === false,
      },
      source,
    )
  ).outcome;
}

/** A request as written, its own credential headers still marked as secrets for redaction. */
function bareRequest(request: EncodedRequest): { url: string; headers: HeaderList; secrets: SecretMark[] } {
  const secrets: SecretMark[] = request.headers
    .filter(([name]) => /^(authorization|proxy-authorization|cookie|x-api-key)$/i.test(name))
    .map(([name]) => ({ in: 'request-header', name }));
  return { url: request.url, headers: request.headers, secrets };
}

/** The interface a request goes to: the one it names (it must be on the card), or the one the settings chose. */
function interfaceFor(
  agent: AgentRecord,
  via: InterfaceChoice | undefined,
): CardInterface | { refused: OperationOutcome } {
  if (!via) {
    return (
      agent.chosen ?? {
        refused: refused(agent.problem ?? 'This agent has no interface Switchboard can talk to.'),
      }
    );
  }
  const named = agent.detection.interfaces.find(
    (candidate) =>
      candidate.url === via.url &&
      candidate.generation === via.generation &&
      candidate.binding === via.binding,
  );
  return (
    named ?? {
      refused: refused(
        `The card declares no ${via.binding} interface for A2A ${via.generation} at ${via.url}.`,
      ),
    }
  );
}

/** The interface URL with a query added to its own (a re-sent JSON-RPC request keeps the recorded query). */
function withQuery(base: string, query: string): string {
  try {
    const url = new URL(base);
    for (const [name, value] of new URLSearchParams(query)) url.searchParams.append(name, value);
    return url.toString();
  } catch {
    return `${base}${query}`;
  }
}

/** One encoded request, ready to send (again, after a token renewal). */
interface SendPlan {
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
}

async function sendOnce(
  plan: SendPlan,
  source: string,
): Promise<{ outcome: OperationOutcome; retryWithNewToken?: boolean }> {
  const { agent, adapter, request, hooks, inputTaskId, bodySecrets } = plan;
  const { settings } = agent;
  const credentialed = !plan.bare && hasCredentials(settings.auth, settings.headers);
  if (credentialed) {
    const origin = originNeedingConsent(request.url, agent.origin, settings.trustedOrigins);
    if (origin)
      return {
        outcome: needsConsent(
          origin,
          `The interface ${request.url} is not on the agent's own origin (${agent.origin}).`,
        ),
      };
  }

  const stepFrameIds: string[] = [];
  let bearer: string | undefined;
  if (!plan.bare && isOAuth(settings.auth)) {
    const tokenOrigin = originNeedingConsent(settings.auth.tokenUrl, agent.origin, settings.trustedOrigins);
    if (tokenOrigin) {
      return { outcome: needsConsent(tokenOrigin, tokenEndpointReason(settings.auth)) };
    }
    const token = await agent.oauth.token(settings.auth);
    if (token.frameId) stepFrameIds.push(token.frameId);
    if (!token.ok) {
      return {
        outcome: {
          status: 'failed',
          message: token.message,
          findings: [],
          stepFrameIds,
          ...(token.frameError ? { frameError: token.frameError } : {}),
        },
      };
    }
    bearer = token.token;
  }

  const withCredentials = plan.bare
    ? bareRequest(request)
    : applyCredentials(request.url, request.headers, settings.auth, settings.headers, bearer);
  const { timeouts, limits } = settings;
  let stream: StreamRecorder | undefined;
  let decoded: OperationOutcome | undefined;
  let opened: (frame: HttpFrame) => void = () => undefined;
  const headArrived = new Promise<HttpFrame>((resolve) => (opened = resolve));

  const exchange = recordExchange(
    hooks.recorder,
    {
      method: request.method,
      url: withCredentials.url,
      headers: withCredentials.headers,
      ...(request.body !== undefined ? { body: { text: request.body } } : {}),
    },
    {
      source,
      timeouts: {
        connectMs: timeouts.connectMs,
        firstByteMs: timeouts.firstByteMs,
        idleMs: timeouts.idleMs,
        // A stream lasts as long as its task; only the user's own stream limit applies to it.
        totalMs: request.streaming ? timeouts.streamTotalMs : timeouts.totalMs,
      },
      readBody: (frame) => {
        const response = frame.response!;
        const ok = response.status >= 200 && response.status < 300;
        // A gRPC stream's messages come to the stream recorder as events (grpc/grpcExchange.ts).
        const eventStream =
          adapter.binding === 'GRPC' || contentType(response.headers) === 'text/event-stream';
        if (request.streaming && ok && eventStream) {
          stream = new StreamRecorder({
            exchange: frame,
            adapter,
            request,
            maxEventBytes: limits.maxEventBytes,
            maxStreamBytes: limits.maxStreamBytes,
            nextId: hooks.recorder.deps.nextId,
            now: hooks.recorder.deps.now,
            publish: hooks.recorder.publish,
            ...(hooks.recorder.capture ? { capture: hooks.recorder.capture } : {}),
            ...(hooks.recorder.analyser ? { analyser: hooks.recorder.analyser } : {}),
          });
          const recorder = stream;
          opened(frame);
          return {
            mode: 'stream',
            onChunk: (chunk) => recorder.push(chunk),
            backlog: () => recorder.backlog(),
          };
        }
        return {
          mode: 'buffer',
          maxBytes: limits.maxBodyBytes,
          ...(hooks.recorder.spill ? { spill: hooks.recorder.spill } : {}),
        };
      },
      annotate: (frame) => {
        frame.a2a = {
          agentId: agent.id,
          operation: plan.unidentified ? 'raw' : request.operation,
          generation: adapter.generation,
          binding: adapter.binding,
          ...(request.rpc ? { rpc: request.rpc } : {}),
          ...(inputTaskId !== undefined ? { taskId: inputTaskId } : {}),
        };
        const secrets = [...withCredentials.secrets, ...bodySecrets];
        if (secrets.length > 0) frame.secrets = secrets;
      },
      // Runs before the final frame is published, so what decoding learnt (findings, ids) travels with it.
      finish: async (frame) => {
        if (stream) {
          await stream.finish(frame);
          frame.a2a!.outcome = 'stream';
        } else {
          decoded = decodeFinished(frame, adapter, request, plan.unidentified);
        }
      },
    },
    adapter.binding === 'GRPC' ? startGrpcExchange : undefined,
  );

  const first = await Promise.race([
    headArrived.then((frame) => ({ streaming: true as const, frame })),
    exchange.done.then((frame) => ({ streaming: false as const, frame })),
  ]);
  if (first.streaming && stream) {
    const recorder = stream;
    const frame = first.frame;
    hooks.onStreamOpened({
      exchangeId: frame.id,
      agentId: agent.id,
      abort: exchange.abort,
      ended: exchange.done.then((final) => ({ frame: final, recorder })),
    });
    const response = frame.response!;
    return {
      outcome: {
        status: 'stream',
        message: `Stream open (HTTP ${response.status}); events arrive as frames.`,
        exchangeId: frame.id,
        findings: checkContentType(
          request,
          adapter.binding,
          adapter.generation,
          response.status,
          response.headers,
          1,
        ),
        stepFrameIds,
      },
    };
  }

  const frame = await exchange.done;
  const outcome = decoded ?? decodeFinished(frame, adapter, request, plan.unidentified);
  outcome.stepFrameIds = stepFrameIds;
  const retryWithNewToken =
    isOAuth(settings.auth) && frame.response?.status === 401 && !source.endsWith(':retry');
  return { outcome, ...(retryWithNewToken ? { retryWithNewToken } : {}) };
}

/** The answer against its generation's JSON Schema; a body that is not JSON was reported by the decoder already. */
function schemaFindings(
  adapter: GenerationAdapter,
  operation: EncodedRequest['operation'],
  text: string,
): Finding[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  return checkBodySchema({
    generation: adapter.generation,
    binding: adapter.binding,
    target: operation,
    json,
  });
}

/** Decodes a finished, buffered exchange and writes what was learnt onto its frame, before it is published. */
function decodeFinished(
  frame: HttpFrame,
  adapter: GenerationAdapter,
  request: EncodedRequest,
  unidentified = false,
): OperationOutcome {
  // A body over the cap is kept in part, but not decoded: half a JSON document would only add noise.
  if (!frame.response || frame.error) {
    const error = frame.error ?? {
      kind: 'network',
      label: 'No response',
      message: 'The exchange ended without an answer.',
    };
    return {
      status: 'failed',
      message: `${error.label}: ${error.message}`,
      exchangeId: frame.id,
      frameError: error,
      findings: [],
    };
  }
  const { status, statusText, headers, body } = frame.response;
  const findings = checkContentType(request, adapter.binding, adapter.generation, status, headers, body.size);
  const decoded = adapter.decodeResponse(request, { status, headers, bodyText: body.text });
  findings.push(...decoded.findings);
  // A gRPC failure also comes with HTTP 200; its body is the status, which no schema describes.
  const answered = decoded.kind !== 'invalid' && !(adapter.binding === 'GRPC' && decoded.kind === 'error');
  // An answer to a request that is no known operation has no schema to be held to (it is read for errors only).
  if (answered && !unidentified && (adapter.binding === 'JSONRPC' || (status >= 200 && status < 300))) {
    findings.push(...schemaFindings(adapter, request.operation, body.text));
  }
  frame.findings = [...(frame.findings ?? []), ...findings];
  const a2a = frame.a2a!;
  a2a.outcome = decoded.kind;
  const base = { exchangeId: frame.id, findings };
  if (unidentified && decoded.kind !== 'error') {
    // Not an operation we know, so there is no result to read; the answer is shown as it came.
    a2a.outcome = 'invalid';
    const message = describeUnexpectedAnswer(status, statusText, headers, body.text);
    return { ...base, status: status >= 200 && status < 300 ? 'result' : 'invalid', message };
  }
  switch (decoded.kind) {
    case 'result': {
      const ids = taskOfResult(decoded.result);
      // The request named a task and the answer is about another one (CHK-3: task ids must not change).
      if (a2a.taskId !== undefined && ids.taskId !== undefined && ids.taskId !== a2a.taskId) {
        const finding: Finding = {
          rule: 'a2a.task-id-changed',
          severity: 'error',
          message: `The request named task ${a2a.taskId}, but the answer is about task ${ids.taskId}.`,
          ...cite(a2aRef('taskIds', adapter.generation)),
        };
        findings.push(finding);
        frame.findings.push(finding);
      }
      Object.assign(a2a, ids);
      return {
        ...base,
        ...ids,
        status: 'result',
        result: decoded.result,
        message: describeResult(decoded.result),
      };
    }
    case 'error': {
      // An HTTP error whose body is not an A2A error at all (a gateway's or an auth layer's JSON) is shown as
      // what it is, with its status and body, rather than as an error with no code and no message.
      const bare = decoded.error.code === undefined && !decoded.error.message && !decoded.error.name;
      if (bare && (status < 200 || status > 299)) {
        a2a.outcome = 'invalid';
        return {
          ...base,
          status: 'invalid',
          message: describeUnexpectedAnswer(status, statusText, headers, body.text),
        };
      }
      return { ...base, status: 'error', error: decoded.error, message: describeA2AError(decoded.error) };
    }
    case 'stream':
    case 'invalid': {
      const ok = status >= 200 && status < 300;
      const firstError = findings.find((f) => f.severity === 'error');
      const message =
        !ok || !firstError
          ? describeUnexpectedAnswer(status, statusText, headers, body.text)
          : `The answer could not be read: ${firstError.message}`;
      return { ...base, status: 'invalid', message };
    }
  }
}

/** The agent's standing extensions plus those a message asks for, each once: all go in the generation's header. */
function extensionsFor(standing: readonly string[], request: OperationRequest): string[] {
  const asked =
    (request.operation === 'send' || request.operation === 'stream') && request.input.message.extensions
      ? request.input.message.extensions
      : [];
  return [...new Set([...standing, ...asked])];
}

/** A push config carries the secret the agent will present to the webhook; wherever the generation puts it. */
function bodySecretsOf(request: OperationRequest): SecretMark[] {
  const carriesPushConfig =
    request.operation === 'pushConfigSet' ||
    ((request.operation === 'send' || request.operation === 'stream') &&
      request.input.pushNotification !== undefined);
  return carriesPushConfig
    ? [
        { in: 'request-json', key: 'token' },
        { in: 'request-json', key: 'credentials' },
      ]
    : [];
}

/** The task an operation names in its input, to label the frame before any answer comes. */
function taskOfInput(request: OperationRequest): string | undefined {
  const input: unknown = request.input;
  if (typeof input !== 'object' || input === null) return undefined;
  if ('taskId' in input && typeof input.taskId === 'string') return input.taskId;
  if ('message' in input && typeof input.message === 'object' && input.message !== null) {
    const message = input.message as { taskId?: unknown };
    if (typeof message.taskId === 'string') return message.taskId;
  }
  return undefined;
}

function taskOfResult(result: OperationResult): { taskId?: string; contextId?: string } {
  if (result.type === 'task') {
    return {
      taskId: result.task.id,
      ...(result.task.contextId !== undefined ? { contextId: result.task.contextId } : {}),
    };
  }
  if (result.type === 'message') {
    return {
      ...(result.message.taskId !== undefined ? { taskId: result.message.taskId } : {}),
      ...(result.message.contextId !== undefined ? { contextId: result.message.contextId } : {}),
    };
  }
  return {};
}

function refused(message: string): OperationOutcome {
  return { status: 'refused', message, findings: [] };
}

/** Why a token endpoint on another origin needs the user's word: what would go there. */
export function tokenEndpointReason(auth: OAuthAuth): string {
  const what =
    auth.type === 'oauth2-client-credentials'
      ? 'The client secret'
      : 'The sign-in code, its PKCE verifier and refresh tokens';
  return `${what} would go to the token endpoint ${auth.tokenUrl}.`;
}

export function needsConsent(origin: string, reason: string): OperationOutcome {
  return {
    status: 'refused',
    message: `Credentials would go to ${origin}, which is not this agent's origin. Allow it first. ${reason}`,
    findings: [],
    confirm: { origin, reason },
  };
}
