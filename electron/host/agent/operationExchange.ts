// Records one operation's exchange and reads its answer (WIRE-1, WIRE-2): the answer is buffered, or handed to a
// StreamRecorder when it is an event stream (a gRPC stream's messages come as events too), the frame is labelled with
// its A2A context and secret marks, and a buffered answer is decoded onto its frame before that frame is published,
// so what decoding learnt travels with it (docs/architecture.md#how-a-frame-travels-from-the-agent-to-the-screen).
// It sits apart from operationRunner.ts, which decides what to send and with which credentials.

import type { OperationOutcome } from '../../../shared/host/agent';
import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
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
import type { HttpFrame } from '../../../shared/wire/frame';
import { checkBodySchema } from '../bodySchema';
import { genericStreamReader } from '../genericStream';
import type { Exchange } from '../exchange';
import { startGrpcExchange } from '../grpc/grpcExchange';
import type { Credentialed } from './credentials';
import { requiredExtensionsFinding } from './extensionFindings';
import type { SendPlan } from './operationPlan';
import { recordExchange } from './recorder';
import { StreamRecorder } from './streamRecorder';

/** What the exchange's callbacks learnt: the stream recorder when the answer streams, else the decoded outcome. */
export interface ExchangeState {
  stream?: StreamRecorder;
  decoded?: OperationOutcome;
  /** Findings about the request itself, written on the frame as it was made (a required extension not asked for). */
  requestFindings?: Finding[];
}

/**
 * Starts the exchange of one send with the request as credentials left it. `opened` is told the frame when an event
 * stream's head has arrived; `state` receives the stream recorder or the decoded outcome.
 */
export function startOperationExchange(
  plan: SendPlan,
  source: string,
  sent: Credentialed,
  state: ExchangeState,
  opened: (frame: HttpFrame) => void,
): Exchange {
  const { agent, adapter, request, hooks, inputTaskId, bodySecrets } = plan;
  const { timeouts, limits } = agent.settings;
  return recordExchange(
    hooks.recorder,
    {
      method: request.method,
      url: sent.url,
      headers: sent.headers,
      ...(plan.bodyBase64 !== undefined
        ? { body: { base64: plan.bodyBase64 } }
        : request.body !== undefined
          ? { body: { text: request.body } }
          : {}),
    },
    {
      source,
      ...(agent.settings.connection ? { connection: agent.settings.connection } : {}),
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
        // A raw request no A2A operation matched that is answered with a stream: read as generic events, never as
        // one body of invalid JSON (FRM-2). A known unary call answered so stays an answer to that call, kept whole.
        if (ok && eventStream && adapter.binding !== 'GRPC' && plan.unidentified) {
          const generic = genericStreamReader(frame, hooks.recorder, limits);
          state.stream = generic.recorder;
          opened(frame);
          return generic.reader;
        }
        if (request.streaming && ok && eventStream) {
          state.stream = new StreamRecorder({
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
            ...(hooks.recorder.spill ? { spillDir: hooks.recorder.spill.dir } : {}),
          });
          const recorder = state.stream;
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
        const secrets = [...sent.secrets, ...bodySecrets];
        if (secrets.length > 0) frame.secrets = secrets;
        const required = plan.unidentified
          ? undefined
          : requiredExtensionsFinding(agent.cardText, adapter.generation, sent.headers);
        if (required) {
          frame.findings = [...(frame.findings ?? []), required];
          state.requestFindings = [required];
        }
      },
      // Runs before the final frame is published, so what decoding learnt (findings, ids) travels with it.
      finish: async (frame) => {
        if (state.stream) {
          await state.stream.finish(frame);
          frame.a2a!.outcome = 'stream';
        } else {
          state.decoded = decodeFinished(frame, adapter, request, plan.unidentified);
        }
      },
    },
    adapter.binding === 'GRPC' ? startGrpcExchange : undefined,
  );
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
export function decodeFinished(
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
  if (contentType(headers) === 'text/event-stream') {
    // An event stream kept as one body (an error status, a unary call answered with a stream) is text, not JSON gone
    // wrong: it is shown as it came, and only a unary call answered so is a finding.
    frame.a2a!.outcome = 'invalid';
    const findings: Finding[] = unidentified || request.streaming ? [] : [unexpectedStream(request, adapter)];
    if (findings.length > 0) frame.findings = [...(frame.findings ?? []), ...findings];
    const message = describeUnexpectedAnswer(status, statusText, headers, body.text);
    return { exchangeId: frame.id, findings, status: 'invalid', message };
  }
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

/** A call that answers with one JSON document was answered with an event stream. */
function unexpectedStream(request: EncodedRequest, adapter: GenerationAdapter): Finding {
  return {
    rule: 'sse.unexpected-stream',
    severity: 'error',
    message: `The ${request.operation} call was answered with an event stream; its answer is one JSON document.`,
    ...cite(a2aRef('streaming', adapter.generation)),
  };
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
