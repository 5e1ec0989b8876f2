// A2A 0.1 over JSON-RPC (docs/protocol.md#01-and-02-json-rpc-only): `tasks/send` and `tasks/sendSubscribe` with a
// client-made task id and `sessionId`, push config set/get, resubscribe. 0.1 has no list, no push list/delete, no
// extended card, no extension header and no `blocking` flag (tasks/send always waits), so none is sent.

import { a2aRef } from '../../checks/specRefs';
import type {
  GenerationAdapter,
  MessageInput,
  Operation,
  PartInput,
  PushConfigInput,
  SendInput,
} from '../adapter';
import {
  decodeJsonRpcResponse,
  decodeJsonRpcStreamEvent,
  jsonRpcRequest,
  parseBody,
  sentMessage,
} from '../binding';
import { DecodeContext, defined, isObject } from '../decodeContext';
import type { OperationResult, PushConfig } from '../model';
import { decodeMessage, decodeStreamResult, decodeTask } from './decode';

const SPEC = a2aRef('jsonRpcBinding', '0.1');

function encodePart(part: PartInput): unknown {
  if (part.kind === 'text') return defined({ type: 'text', text: part.text, metadata: part.metadata });
  if (part.kind === 'data') return defined({ type: 'data', data: part.data, metadata: part.metadata });
  return defined({
    type: 'file',
    file: defined({ name: part.name, mimeType: part.mediaType, bytes: part.bytes, uri: part.uri }),
    metadata: part.metadata,
  });
}

function encodeMessage(message: MessageInput): unknown {
  return defined({ role: 'user', parts: message.parts.map(encodePart), metadata: message.metadata });
}

function encodePush(config: PushConfigInput): unknown {
  const authentication = config.authSchemes?.length
    ? defined({ schemes: config.authSchemes, credentials: config.credentials })
    : undefined;
  return defined({ url: config.url, token: config.token, authentication });
}

function decodePush(value: unknown, ctx: DecodeContext): PushConfig {
  const tpnc = ctx.object(value, '', 'A push config') ?? {};
  const config = ctx.object(tpnc.pushNotificationConfig, '/pushNotificationConfig', 'A push config') ?? {};
  const auth = ctx.optionalObject(config, 'authentication', '/pushNotificationConfig');
  return defined({
    taskId: ctx.optionalString(tpnc, 'id', ''),
    url: ctx.requiredString(config, 'url', '/pushNotificationConfig', 'A push config'),
    token: ctx.optionalString(config, 'token', '/pushNotificationConfig'),
    authSchemes: auth
      ? ctx.optionalStrings(auth, 'schemes', '/pushNotificationConfig/authentication')
      : undefined,
    credentials: auth
      ? ctx.optionalString(auth, 'credentials', '/pushNotificationConfig/authentication')
      : undefined,
    wire: value,
  });
}

const METHODS: Partial<Record<Operation, string>> = {
  send: 'tasks/send',
  stream: 'tasks/sendSubscribe',
  get: 'tasks/get',
  cancel: 'tasks/cancel',
  subscribe: 'tasks/resubscribe',
  pushConfigSet: 'tasks/pushNotification/set',
  pushConfigGet: 'tasks/pushNotification/get',
};

function decodeResult(operation: Operation): (result: unknown, ctx: DecodeContext) => OperationResult {
  if (operation === 'pushConfigSet' || operation === 'pushConfigGet') {
    return (result, ctx) => ({ type: 'push-config', config: decodePush(result, ctx) });
  }
  return (result, ctx) => ({ type: 'task', task: decodeTask(result, ctx, '/result') });
}

export const v0_1JsonRpc: GenerationAdapter = {
  generation: '0.1',
  binding: 'JSONRPC',
  supports: new Set(Object.keys(METHODS) as Operation[]),

  encode(operation, input, context) {
    const method = METHODS[operation];
    if (!method) return { ok: false, reason: `A2A 0.1 has no ${operation} operation.` };
    const streaming = operation === 'stream' || operation === 'subscribe';
    const params = encodeParams(operation, input, context.newId);
    return { ok: true, request: jsonRpcRequest('0.1', operation, context, method, params, streaming) };
  },

  decodeResponse(request, response) {
    return decodeJsonRpcResponse(request, response, SPEC, decodeResult(request.operation), '0.1');
  },

  decodeStreamEvent(request, data) {
    return decodeJsonRpcStreamEvent(
      request,
      data,
      SPEC,
      (result, ctx) => decodeStreamResult(result, ctx, '/result'),
      '0.1',
    );
  },

  decodePush(bodyText) {
    const ctx = new DecodeContext(a2aRef('pushPayload', '0.1'));
    // The careful parser, as every other generation uses: a hostile body nested past its depth limit, or with
    // duplicate members, is a finding rather than a value too deep to clone across the host boundary.
    const parsed = parseBody(bodyText, 'The push body');
    if (!parsed.ok) return { kind: 'invalid', findings: [parsed.finding] };
    const value = parsed.value;
    ctx.findings.push(...parsed.findings);
    if (!isObject(value)) {
      ctx.report('a2a.shape', 'A 0.1 push body should be a Task object.', '', 'error');
      return { kind: 'invalid', findings: ctx.findings };
    }
    return { kind: 'item', item: { kind: 'task', task: decodeTask(value, ctx, '') }, findings: ctx.findings };
  },

  decodeSentMessage(bodyText) {
    const message = sentMessage(bodyText, [['params', 'message']], decodeMessage);
    if (!message) return undefined;
    // 0.1 names the task and session beside the message, not in it (docs/protocol.md#01-and-02-json-rpc-only).
    const params = (JSON.parse(bodyText) as { params: Record<string, unknown> }).params;
    const taskId = typeof params.id === 'string' ? params.id : undefined;
    const contextId = typeof params.sessionId === 'string' ? params.sessionId : undefined;
    return { ...message, ...(taskId ? { taskId } : {}), ...(contextId ? { contextId } : {}) };
  },
};

function encodeParams(operation: Operation, input: unknown, newId: () => string): unknown {
  const value = input as Record<string, unknown>;
  switch (operation) {
    case 'send':
    case 'stream': {
      const send = input as SendInput;
      return defined({
        // 0.1 task ids are made by the client (docs/protocol.md#tasks-and-their-ids); continuing a task reuses its id.
        id: send.message.taskId ?? newId(),
        sessionId: send.message.contextId,
        message: encodeMessage(send.message),
        pushNotification: send.pushNotification ? encodePush(send.pushNotification) : undefined,
        historyLength: send.historyLength,
        metadata: send.metadata,
      });
    }
    case 'get':
      return defined({ id: value.taskId, historyLength: value.historyLength });
    case 'cancel':
      return defined({ id: value.taskId, metadata: value.metadata });
    case 'subscribe':
    case 'pushConfigGet':
      return { id: value.taskId };
    case 'pushConfigSet':
      return { id: value.taskId, pushNotificationConfig: encodePush(value.config as PushConfigInput) };
    default:
      return undefined;
  }
}
