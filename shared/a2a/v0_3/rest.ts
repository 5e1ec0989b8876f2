// A2A 0.3 over HTTP+JSON (docs/protocol.md#03-three-bindings): ProtoJSON of the 0.3 proto under `/v1/…`.
//
// The push-config create body is where implementations split: a2a-python 0.3 and @a2a-js/sdk 0.3.14 read the whole
// CreateTaskPushNotificationConfigRequest ({parent, configId, config}); @a2a-js/sdk 1.x's 0.3 compat router follows
// the proto's `body: "config"` and reads a bare TaskPushNotificationConfig ({name, pushNotificationConfig}) —
// verified against both SDKs. The body carries both shapes, which both @a2a-js/sdk lines accept (their ProtoJSON
// readers ignore unknown fields). A reader that refuses unknown fields would reject it; the frame shows exactly
// what was sent, and the raw request editor (MSG-8) can send either shape alone.

import { a2aRef } from '../../checks/specRefs';
import {
  operations,
  type GenerationAdapter,
  type Operation,
  type OperationInputs,
  type SendInput,
} from '../adapter';
import { restRequest, segment, sentMessage, type RestCall } from '../binding';
import type { DecodeContext } from '../decodeContext';
import type { OperationResult } from '../model';
import { decodeMessage, decodePushConfig, decodeTask } from '../protoJson/decode';
import { v0_3JsonRpc } from './jsonrpc';
import { encodePushConfig, encodeSendRequest } from '../protoJson/encode';
import { decodeRestResponse, decodeRestStreamEvent, decodeSendResult } from '../protoJson/restBinding';

const SPEC = a2aRef('restBinding', '0.3');
const CONTENT_TYPE = 'application/json';

function call(operation: Operation, input: unknown, newId: () => string): RestCall | null {
  switch (operation) {
    case 'send':
      return {
        method: 'POST',
        path: '/v1/message:send',
        body: encodeSendRequest(input as SendInput, '0.3', newId),
      };
    case 'stream':
      return {
        method: 'POST',
        path: '/v1/message:stream',
        body: encodeSendRequest(input as SendInput, '0.3', newId),
        streaming: true,
      };
    case 'get': {
      const get = input as OperationInputs['get'];
      return {
        method: 'GET',
        path: `/v1/tasks/${segment(get.taskId)}`,
        query: { historyLength: get.historyLength },
      };
    }
    case 'cancel': {
      const cancel = input as OperationInputs['cancel'];
      return {
        method: 'POST',
        path: `/v1/tasks/${segment(cancel.taskId)}:cancel`,
        body: { name: `tasks/${cancel.taskId}` },
      };
    }
    case 'subscribe':
      // The proto says GET; the 0.3 prose says POST; the SDKs accept both.
      return {
        method: 'GET',
        path: `/v1/tasks/${segment((input as { taskId: string }).taskId)}:subscribe`,
        streaming: true,
      };
    case 'pushConfigSet': {
      const set = input as OperationInputs['pushConfigSet'];
      const configId = set.config.id ?? newId();
      const resource = {
        name: `tasks/${set.taskId}/pushNotificationConfigs/${configId}`,
        pushNotificationConfig: encodePushConfig({ ...set.config, id: configId }, '0.3'),
      };
      return {
        method: 'POST',
        path: `/v1/tasks/${segment(set.taskId)}/pushNotificationConfigs`,
        body: {
          parent: `tasks/${set.taskId}`,
          configId,
          config: resource,
          ...resource,
        },
      };
    }
    case 'pushConfigGet': {
      const get = input as OperationInputs['pushConfigGet'];
      if (!get.configId) return null;
      return {
        method: 'GET',
        path: `/v1/tasks/${segment(get.taskId)}/pushNotificationConfigs/${segment(get.configId)}`,
      };
    }
    case 'pushConfigList':
      return {
        method: 'GET',
        path: `/v1/tasks/${segment((input as { taskId: string }).taskId)}/pushNotificationConfigs`,
      };
    case 'pushConfigDelete': {
      const del = input as OperationInputs['pushConfigDelete'];
      return {
        method: 'DELETE',
        path: `/v1/tasks/${segment(del.taskId)}/pushNotificationConfigs/${segment(del.configId)}`,
      };
    }
    case 'extendedCard':
      return { method: 'GET', path: '/v1/card' };
    default:
      return null;
  }
}

export function v0_3ResultDecoder(
  operation: Operation,
): (body: unknown, ctx: DecodeContext) => OperationResult {
  switch (operation) {
    case 'send':
    case 'stream':
      return decodeSendResult('0.3', '');
    case 'pushConfigSet':
    case 'pushConfigGet':
      return (body, ctx) => ({ type: 'push-config', config: decodePushConfig(body, '0.3', ctx, '') });
    case 'pushConfigList':
      return (body, ctx) => {
        const list = ctx.object(body, '', 'A push config list') ?? {};
        return {
          type: 'push-configs',
          configs: ctx
            .array(list, 'configs', '')
            .map((item, i) => decodePushConfig(item, '0.3', ctx, `/configs/${i}`)),
        };
      };
    case 'pushConfigDelete':
      return () => ({ type: 'empty' });
    case 'extendedCard':
      return (body) => ({ type: 'card', card: body });
    default:
      return (body, ctx) => ({ type: 'task', task: decodeTask(body, '0.3', ctx, '') });
  }
}

export const v0_3Rest: GenerationAdapter = {
  generation: '0.3',
  binding: 'HTTP+JSON',
  // Everything but listing tasks, which 0.3 names only in prose (docs/protocol.md#03-three-bindings).
  supports: new Set(operations.filter((operation) => operation !== 'list')),

  encode(operation, input, context) {
    if (operation === 'pushConfigGet' && !(input as OperationInputs['pushConfigGet']).configId) {
      return {
        ok: false,
        reason: 'Over 0.3 HTTP+JSON a push config is fetched by its id; give the config id.',
      };
    }
    const restCall = call(operation, input, context.newId);
    if (!restCall) return { ok: false, reason: `A2A 0.3 over HTTP+JSON has no ${operation} operation.` };
    return { ok: true, request: restRequest('0.3', operation, context, restCall, CONTENT_TYPE) };
  },

  decodeResponse(request, response) {
    return decodeRestResponse(request, response, '0.3', SPEC, v0_3ResultDecoder(request.operation));
  },

  decodeStreamEvent(_request, data, isError) {
    return decodeRestStreamEvent(data, isError, '0.3', SPEC);
  },

  decodePush(bodyText) {
    // 0.3 agents push the `kind` Task JSON whatever binding they speak (docs/protocol.md#what-the-agent-sends); a
    // ProtoJSON wrapper is read too, for agents that send what they stream.
    if (/"kind"\s*:/.test(bodyText)) return v0_3JsonRpc.decodePush(bodyText);
    const event = decodeRestStreamEvent(bodyText, false, '0.3', a2aRef('pushPayload', '0.3'));
    return event.kind === 'item' ? event : { kind: 'invalid', findings: event.findings };
  },
  decodeSentMessage(bodyText) {
    // Our encoder and the SDKs put it in `message`; the 0.3 proto names the field `request`.
    return sentMessage(bodyText, [['message'], ['request']], (value, ctx, pointer) =>
      decodeMessage(value, '0.3', ctx, pointer),
    );
  },
};
