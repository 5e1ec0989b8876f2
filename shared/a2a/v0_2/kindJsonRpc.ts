// The JSON-RPC adapter of 0.2.x and 0.3, which share method names and `kind` shapes
// (docs/protocol.md#operations-and-bindings). They differ in the extended card: 0.2.1+ serves it as a plain HTTP GET
// beside the endpoint, 0.3 as the JSON-RPC method `agent/getAuthenticatedExtendedCard`.

import { a2aRef, type SpecRef } from '../../checks/specRefs';
import type { EncodedRequest, GenerationAdapter, Operation, OperationInputs, SendInput } from '../adapter';
import {
  decodeJsonRpcResponse,
  decodeJsonRpcStreamEvent,
  isEventStream,
  jsonRpcRequest,
  parseBody,
  protocolHeaders,
  sentMessage,
} from '../binding';
import { DecodeContext, defined } from '../decodeContext';
import type { OperationResult, PushConfig } from '../model';
import { decodeKindItem, decodeMessage } from './decode';
import { encodePushConfig, encodeSendParams } from './encode';

const METHODS: Record<Exclude<Operation, 'list' | 'extendedCard'>, string> = {
  send: 'message/send',
  stream: 'message/stream',
  get: 'tasks/get',
  cancel: 'tasks/cancel',
  subscribe: 'tasks/resubscribe',
  pushConfigSet: 'tasks/pushNotificationConfig/set',
  pushConfigGet: 'tasks/pushNotificationConfig/get',
  pushConfigList: 'tasks/pushNotificationConfig/list',
  pushConfigDelete: 'tasks/pushNotificationConfig/delete',
};

export function createKindJsonRpcAdapter(generation: '0.2' | '0.3'): GenerationAdapter {
  const spec = a2aRef('jsonRpcBinding', generation);

  return {
    generation,
    binding: 'JSONRPC',
    supports: new Set<Operation>([...(Object.keys(METHODS) as Operation[]), 'extendedCard']),

    encode(operation, input, context) {
      if (operation === 'extendedCard') {
        if (generation === '0.3') {
          return {
            ok: true,
            request: jsonRpcRequest(
              generation,
              operation,
              context,
              'agent/getAuthenticatedExtendedCard',
              undefined,
              false,
            ),
          };
        }
        return { ok: true, request: extendedCardGet0_2(context.endpoint, context.extensions) };
      }
      if (operation === 'list')
        return { ok: false, reason: `A2A ${generation} has no way to list tasks over JSON-RPC.` };
      const method = METHODS[operation as keyof typeof METHODS];
      const streaming = operation === 'stream' || operation === 'subscribe';
      const params = encodeParams(operation, input, context.newId);
      return { ok: true, request: jsonRpcRequest(generation, operation, context, method, params, streaming) };
    },

    decodeResponse(request, response) {
      if (request.operation === 'extendedCard' && !request.rpc) return decodePlainCard(response, spec);
      return decodeJsonRpcResponse(request, response, spec, resultDecoder(request.operation), generation);
    },

    decodeStreamEvent(request, data) {
      return decodeJsonRpcStreamEvent(
        request,
        data,
        spec,
        (result, ctx) => decodeKindItem(result, ctx, '/result'),
        generation,
      );
    },

    decodePush(bodyText) {
      const ctx = new DecodeContext(a2aRef('pushPayload', generation));
      const parsed = parseBody(bodyText, 'The push body');
      if (!parsed.ok) return { kind: 'invalid', findings: [parsed.finding] };
      return { kind: 'item', item: decodeKindItem(parsed.value, ctx, ''), findings: ctx.findings };
    },

    decodeSentMessage(bodyText) {
      return sentMessage(bodyText, [['params', 'message']], decodeMessage);
    },
  };
}

function encodeParams(operation: Operation, input: unknown, newId: () => string): unknown {
  switch (operation) {
    case 'send':
    case 'stream':
      return encodeSendParams(input as SendInput, newId);
    case 'get': {
      const get = input as OperationInputs['get'];
      return defined({ id: get.taskId, historyLength: get.historyLength });
    }
    case 'cancel': {
      const cancel = input as OperationInputs['cancel'];
      return defined({ id: cancel.taskId, metadata: cancel.metadata });
    }
    case 'subscribe':
    case 'pushConfigList':
      return { id: (input as { taskId: string }).taskId };
    case 'pushConfigSet': {
      const set = input as OperationInputs['pushConfigSet'];
      return { taskId: set.taskId, pushNotificationConfig: encodePushConfig(set.config) };
    }
    case 'pushConfigGet': {
      const get = input as OperationInputs['pushConfigGet'];
      return defined({ id: get.taskId, pushNotificationConfigId: get.configId });
    }
    case 'pushConfigDelete': {
      const del = input as OperationInputs['pushConfigDelete'];
      return { id: del.taskId, pushNotificationConfigId: del.configId };
    }
    default:
      return undefined;
  }
}

function resultDecoder(operation: Operation): (result: unknown, ctx: DecodeContext) => OperationResult {
  switch (operation) {
    case 'pushConfigSet':
    case 'pushConfigGet':
      return (result, ctx) => ({ type: 'push-config', config: decodeTaskPushConfig(result, ctx, '/result') });
    case 'pushConfigList':
      return (result, ctx) => {
        if (!Array.isArray(result)) {
          ctx.report(
            'a2a.shape',
            'tasks/pushNotificationConfig/list should return a list.',
            '/result',
            'error',
          );
          return { type: 'push-configs', configs: [] };
        }
        return {
          type: 'push-configs',
          configs: result.map((item, i) => decodeTaskPushConfig(item, ctx, `/result/${i}`)),
        };
      };
    case 'pushConfigDelete':
      return () => ({ type: 'empty' });
    case 'extendedCard':
      return (result) => ({ type: 'card', card: result });
    default:
      return (result, ctx) => {
        const item = decodeKindItem(result, ctx, '/result');
        if (item.kind === 'task') return { type: 'task', task: item.task };
        if (item.kind === 'message') return { type: 'message', message: item.message };
        ctx.report(
          'a2a.unexpected-result',
          `Expected a task or a message, found ${item.kind}.`,
          '/result',
          'error',
        );
        return { type: 'empty' };
      };
  }
}

function decodeTaskPushConfig(value: unknown, ctx: DecodeContext, pointer: string): PushConfig {
  const tpnc = ctx.object(value, pointer, 'A push config') ?? {};
  const inner = `${pointer}/pushNotificationConfig`;
  const config = ctx.object(tpnc.pushNotificationConfig, inner, 'A push config') ?? {};
  const auth = ctx.optionalObject(config, 'authentication', inner);
  return defined({
    taskId: ctx.optionalString(tpnc, 'taskId', pointer),
    id: ctx.optionalString(config, 'id', inner),
    url: ctx.requiredString(config, 'url', inner, 'A push config'),
    token: ctx.optionalString(config, 'token', inner),
    authSchemes: auth ? ctx.optionalStrings(auth, 'schemes', `${inner}/authentication`) : undefined,
    credentials: auth ? ctx.optionalString(auth, 'credentials', `${inner}/authentication`) : undefined,
    wire: value,
  });
}

/** 0.2.1–0.2.6: `GET {card.url}/../agent/authenticatedExtendedCard`, a plain HTTP call (docs/protocol.md#discovery). */
function extendedCardGet0_2(endpoint: string, extensions: readonly string[] | undefined): EncodedRequest {
  const parent = endpoint.replace(/\/[^/]*$/, '');
  return {
    operation: 'extendedCard',
    method: 'GET',
    url: `${parent}/agent/authenticatedExtendedCard`,
    headers: [['Accept', 'application/json'], ...protocolHeaders('0.2', extensions)],
    streaming: false,
  };
}

function decodePlainCard(
  response: { status: number; headers: [string, string][]; bodyText: string },
  spec: SpecRef,
) {
  const ctx = new DecodeContext(spec);
  if (response.status >= 400) {
    return {
      kind: 'error' as const,
      error: {
        httpStatus: response.status,
        message: `The extended card was refused with HTTP ${response.status}.`,
        wire: response.bodyText,
      },
      findings: ctx.findings,
    };
  }
  if (isEventStream({ status: response.status, headers: response.headers, bodyText: '' })) {
    ctx.report('a2a.shape', 'The extended card came back as an event stream.', '', 'error');
  }
  const parsed = parseBody(response.bodyText, 'The extended card');
  if (!parsed.ok) return { kind: 'invalid' as const, findings: [parsed.finding] };
  return {
    kind: 'result' as const,
    result: { type: 'card' as const, card: parsed.value },
    findings: ctx.findings,
  };
}
