// Runs one A2A operation for an agent (WIRE-1, WIRE-2): encode with the chosen interface's adapter, add credentials
// (after the origin check of AUTH-5, and an OAuth token when needed), send and record the exchange, then decode (both
// in operationExchange.ts). A streaming answer is handed to a StreamRecorder and the outcome returns as soon as the
// stream is open; its end is reported through `streamEnded`. Every failure becomes an outcome with a message, never a
// throw.

import { randomUUID } from 'node:crypto';
import {
  isOAuth,
  type InterfaceChoice,
  type OAuthAuth,
  type OperationOutcome,
  type OperationRequest,
  type RawAgentRequest,
} from '../../../shared/host/agent';
import type { EncodedRequest } from '../../../shared/a2a/adapter';
import type { CardInterface } from '../../../shared/a2a/detect';
import { findAdapter } from '../../../shared/a2a/adapters';
import { grpcOrigin } from '../../../shared/a2a/grpcBinding';
import { identifyRequest } from '../../../shared/a2a/identify';
import { checkContentType } from '../../../shared/a2a/exchangeChecks';
import type { FrameError, HeaderList, HttpFrame, SecretMark } from '../../../shared/wire/frame';
import type { Exchange } from '../exchange';
import type { AgentRecord } from './agentRecord';
import { applyCredentials, hasCredentials, originNeedingConsent, type Credentialed } from './credentials';
import { decodeFinished, startOperationExchange, type ExchangeState } from './operationExchange';
import type { RunnerHooks, SendPlan } from './operationPlan';
import type { StreamRecorder } from './streamRecorder';
import { heldSend, isA2AAnswer, noteRouteMissing, persistHold, routeKey } from './routeHold';

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
  const key = routeKey(chosen);
  const before = agent.missingRoutes?.get(key);
  const held = heldSend(agent, key, request.despiteMissingRoute);
  if (held) return held;
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
    const noted = noteRouteMissing(agent, key, retry.frame, {
      ...retry.outcome,
      stepFrameIds: [
        ...(attempt.outcome.stepFrameIds ?? []),
        attempt.outcome.exchangeId ?? '',
        ...(retry.outcome.stepFrameIds ?? []),
      ].filter(Boolean),
    });
    return persistHold(agent, key, before, noted);
  }
  return persistHold(agent, key, before, noteRouteMissing(agent, key, attempt.frame, attempt.outcome));
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
  const sent = await sendOnce(
    {
      agent,
      adapter,
      request,
      hooks,
      inputTaskId: undefined,
      // Headers the user marked secret join the agent's own marks on the frame.
      bodySecrets: (raw.secretHeaders ?? []).map((name): SecretMark => ({ in: 'request-header', name })),
      unidentified: !identified,
      bare: raw.credentials === false,
      ...(raw.bodyBase64 !== undefined ? { bodyBase64: raw.bodyBase64 } : {}),
    },
    source,
  );
  // A typed request the interface answered as A2A shows its route is there after all (CARD-3): the hold is lifted.
  const key = routeKey(chosen);
  const before = agent.missingRoutes?.get(key);
  if (identified && before && isA2AAnswer(sent.frame, sent.outcome)) agent.missingRoutes?.delete(key);
  return persistHold(agent, key, before, sent.outcome);
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

async function sendOnce(
  plan: SendPlan,
  source: string,
): Promise<{ outcome: OperationOutcome; retryWithNewToken?: boolean; frame?: HttpFrame }> {
  const { adapter, request } = plan;
  const { settings } = plan.agent;
  const stepFrameIds: string[] = [];
  const credentials = await credentialsFor(plan, stepFrameIds);
  if (!credentials.ok) return { outcome: credentials.outcome };

  const state: ExchangeState = {};
  let opened: (frame: HttpFrame) => void = () => undefined;
  const headArrived = new Promise<HttpFrame>((resolve) => (opened = resolve));
  const exchange = startOperationExchange(plan, source, credentials.sent, state, opened);
  abortOnSignal(plan.hooks.signal, exchange);

  const first = await Promise.race([
    headArrived.then((frame) => ({ streaming: true as const, frame })),
    exchange.done.then((frame) => ({ streaming: false as const, frame })),
  ]);
  // What the request itself was found to lack (on its frame already) is told with the answer too.
  const requestFindings = state.requestFindings ?? [];
  if (first.streaming && state.stream) {
    const opened = streamOpened(plan, exchange, first.frame, state.stream, stepFrameIds);
    return { outcome: { ...opened, findings: [...requestFindings, ...opened.findings] } };
  }

  const frame = await exchange.done;
  const outcome = state.decoded ?? decodeFinished(frame, adapter, request, plan.unidentified);
  outcome.findings = [...requestFindings, ...outcome.findings];
  outcome.stepFrameIds = stepFrameIds;
  const retryWithNewToken =
    isOAuth(settings.auth) && frame.response?.status === 401 && !source.endsWith(':retry');
  return { outcome, frame, ...(retryWithNewToken ? { retryWithNewToken } : {}) };
}

/**
 * The request with its credentials (AUTH-1), after the origin checks of AUTH-5 and an OAuth token when the auth
 * needs one; a refusal or a failed token request is the outcome instead. The token's frame joins `stepFrameIds`.
 */
async function credentialsFor(
  plan: SendPlan,
  stepFrameIds: string[],
): Promise<{ ok: true; sent: Credentialed } | { ok: false; outcome: OperationOutcome }> {
  const { agent, request } = plan;
  const { settings } = agent;
  const credentialed = !plan.bare && hasCredentials(settings.auth, settings.headers);
  if (credentialed) {
    const origin = originNeedingConsent(request.url, agent.origin, settings.trustedOrigins);
    if (origin)
      return {
        ok: false,
        outcome: needsConsent(
          origin,
          `The interface ${request.url} is not on the agent's own origin (${agent.origin}).`,
        ),
      };
  }

  let bearer: string | undefined;
  if (!plan.bare && isOAuth(settings.auth)) {
    const tokenOrigin = originNeedingConsent(settings.auth.tokenUrl, agent.origin, settings.trustedOrigins);
    if (tokenOrigin) {
      return { ok: false, outcome: needsConsent(tokenOrigin, tokenEndpointReason(settings.auth)) };
    }
    const token = await agent.oauth.token(settings.auth);
    if (token.frameId) stepFrameIds.push(token.frameId);
    if (!token.ok) {
      return {
        ok: false,
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

  const sent = plan.bare
    ? bareRequest(request)
    : applyCredentials(request.url, request.headers, settings.auth, settings.headers, bearer);
  return { ok: true, sent };
}

const CANCELLED: FrameError = {
  kind: 'aborted',
  label: 'Cancelled',
  message: 'You cancelled the operation that sent this request; the answer was not awaited.',
};

/** A cancelled operation (UX-5) stops its exchange at once, wherever it is: connecting, waiting, or streaming. */
function abortOnSignal(signal: AbortSignal | undefined, exchange: Exchange): void {
  if (!signal) return;
  if (signal.aborted) return exchange.abort(CANCELLED);
  const stop = () => exchange.abort(CANCELLED);
  signal.addEventListener('abort', stop, { once: true });
  void exchange.done.then(() => signal.removeEventListener('abort', stop));
}

/** An event stream is open: it is handed to the hooks to watch, and the outcome says so at once. */
function streamOpened(
  plan: SendPlan,
  exchange: Exchange,
  frame: HttpFrame,
  recorder: StreamRecorder,
  stepFrameIds: string[],
): OperationOutcome {
  const { agent, adapter, request, hooks } = plan;
  hooks.onStreamOpened({
    exchangeId: frame.id,
    agentId: agent.id,
    abort: exchange.abort,
    ended: exchange.done.then((final) => ({ frame: final, recorder })),
  });
  const response = frame.response!;
  // A stream no A2A operation asked for is read as generic events (genericStream.ts): no A2A rule applies to it.
  const generic = plan.unidentified === true;
  return {
    status: 'stream',
    message: generic
      ? `Stream open (HTTP ${response.status}), not an A2A stream; its events arrive as frames.`
      : `Stream open (HTTP ${response.status}); events arrive as frames.`,
    exchangeId: frame.id,
    findings: generic
      ? []
      : checkContentType(request, adapter.binding, adapter.generation, response.status, response.headers, 1),
    stepFrameIds,
  };
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
