// A2A 1.0 over HTTP+JSON (docs/protocol.md#10-one-operation-set-three-bindings): no `/v1` prefix, an optional
// `/{tenant}` prefix, bodies in `application/a2a+json`, errors as google.rpc.Status.

import { a2aRef } from '../../checks/specRefs';
import type { GenerationAdapter, Operation, OperationInputs } from '../adapter';
import { restRequest, segment, sentMessage, type RestCall } from '../binding';
import { decodeMessage } from '../protoJson/decode';
import { decodeRestResponse, decodeRestStreamEvent } from '../protoJson/restBinding';
import { decodeV1Push } from './jsonrpc';
import { V1_OPERATIONS, v1Params, v1ResultDecoder } from './operations';

const SPEC = a2aRef('restBinding', '1.0');
const CONTENT_TYPE = 'application/a2a+json';

function call(operation: Operation, input: unknown, newId: () => string): RestCall {
  // The tenant travels in the path here, so it is left out of bodies.
  const params = v1Params(operation, input, newId);
  const taskPath = (taskId: unknown) => `/tasks/${segment(String(taskId))}`;
  switch (operation) {
    case 'send':
      return { method: 'POST', path: '/message:send', body: params };
    case 'stream':
      return { method: 'POST', path: '/message:stream', body: params, streaming: true };
    case 'get':
      return {
        method: 'GET',
        path: taskPath(params.id),
        query: { historyLength: params.historyLength as number | undefined },
      };
    case 'list': {
      const list = input as OperationInputs['list'];
      return { method: 'GET', path: '/tasks', query: { ...list } };
    }
    case 'cancel':
      return {
        method: 'POST',
        path: `${taskPath(params.id)}:cancel`,
        body: params.metadata ? { metadata: params.metadata } : {},
      };
    case 'subscribe':
      // The proto says GET, the prose POST; the SDKs accept both
      // (docs/protocol.md#10-one-operation-set-three-bindings).
      return { method: 'GET', path: `${taskPath(params.id)}:subscribe`, streaming: true };
    case 'pushConfigSet':
      return { method: 'POST', path: `${taskPath(params.taskId)}/pushNotificationConfigs`, body: params };
    case 'pushConfigGet':
      return {
        method: 'GET',
        path: `${taskPath(params.taskId)}/pushNotificationConfigs/${segment(String(params.id ?? ''))}`,
      };
    case 'pushConfigList':
      return {
        method: 'GET',
        path: `${taskPath(params.taskId)}/pushNotificationConfigs`,
        query: {
          pageSize: params.pageSize as number | undefined,
          pageToken: params.pageToken as string | undefined,
        },
      };
    case 'pushConfigDelete':
      return {
        method: 'DELETE',
        path: `${taskPath(params.taskId)}/pushNotificationConfigs/${segment(String(params.id))}`,
      };
    case 'extendedCard':
      return { method: 'GET', path: '/extendedAgentCard' };
  }
}

export const v1Rest: GenerationAdapter = {
  generation: '1.0',
  binding: 'HTTP+JSON',
  supports: V1_OPERATIONS,

  encode(operation, input, context) {
    if (operation === 'pushConfigGet' && !(input as OperationInputs['pushConfigGet']).configId) {
      return { ok: false, reason: 'A 1.0 push config is fetched by its id; give the config id.' };
    }
    return {
      ok: true,
      request: restRequest('1.0', operation, context, call(operation, input, context.newId), CONTENT_TYPE),
    };
  },

  decodeResponse(request, response) {
    return decodeRestResponse(request, response, '1.0', SPEC, v1ResultDecoder(request.operation, ''));
  },

  decodeStreamEvent(_request, data, isError) {
    return decodeRestStreamEvent(data, isError, '1.0', SPEC);
  },

  decodePush(bodyText) {
    return decodeV1Push(bodyText);
  },

  decodeSentMessage(bodyText) {
    return sentMessage(bodyText, [['message']], (value, ctx, pointer) =>
      decodeMessage(value, '1.0', ctx, pointer),
    );
  },
};
