// A2A 0.3 over gRPC (docs/protocol.md#grpc): service `a2a.v1.A2AService` of the 0.3 proto, whose requests name tasks
// and push configs by resource name (`tasks/{id}`, `tasks/{id}/pushNotificationConfigs/{configId}`). Answers and stream
// events are the same ProtoJSON the 0.3 HTTP+JSON binding carries.

import { a2aRef } from '../../checks/specRefs';
import {
  operations,
  type GenerationAdapter,
  type Operation,
  type OperationInputs,
  type SendInput,
} from '../adapter';
import { defined } from '../decodeContext';
import { decodeGrpcResponse, grpcRequest } from '../grpcBinding';
import { encodePushConfig, encodeSendRequest } from '../protoJson/encode';
import { decodeRestStreamEvent } from '../protoJson/restBinding';
import { v0_3Rest, v0_3ResultDecoder } from './rest';

const SPEC = a2aRef('grpcBinding', '0.3');

/** The method and request message of an operation; undefined for one 0.3 gRPC lacks. */
function call(
  operation: Operation,
  input: unknown,
  newId: () => string,
): { method: string; message: unknown } | undefined {
  const task = (id: string) => `tasks/${id}`;
  switch (operation) {
    case 'send':
      return { method: 'SendMessage', message: encodeSendRequest(input as SendInput, '0.3', newId) };
    case 'stream':
      return { method: 'SendStreamingMessage', message: encodeSendRequest(input as SendInput, '0.3', newId) };
    case 'get': {
      const get = input as OperationInputs['get'];
      return {
        method: 'GetTask',
        message: defined({ name: task(get.taskId), historyLength: get.historyLength }),
      };
    }
    case 'cancel':
      return { method: 'CancelTask', message: { name: task((input as OperationInputs['cancel']).taskId) } };
    case 'subscribe':
      return {
        method: 'TaskSubscription',
        message: { name: task((input as OperationInputs['subscribe']).taskId) },
      };
    case 'pushConfigSet': {
      const set = input as OperationInputs['pushConfigSet'];
      const configId = set.config.id ?? newId();
      return {
        method: 'CreateTaskPushNotificationConfig',
        message: {
          parent: task(set.taskId),
          configId,
          config: {
            name: `${task(set.taskId)}/pushNotificationConfigs/${configId}`,
            pushNotificationConfig: encodePushConfig({ ...set.config, id: configId }, '0.3'),
          },
        },
      };
    }
    case 'pushConfigGet': {
      const get = input as OperationInputs['pushConfigGet'];
      return {
        method: 'GetTaskPushNotificationConfig',
        message: { name: `${task(get.taskId)}/pushNotificationConfigs/${get.configId ?? ''}` },
      };
    }
    case 'pushConfigList': {
      const list = input as OperationInputs['pushConfigList'];
      return {
        method: 'ListTaskPushNotificationConfig',
        message: defined({ parent: task(list.taskId), pageSize: list.pageSize, pageToken: list.pageToken }),
      };
    }
    case 'pushConfigDelete': {
      const del = input as OperationInputs['pushConfigDelete'];
      return {
        method: 'DeleteTaskPushNotificationConfig',
        message: { name: `${task(del.taskId)}/pushNotificationConfigs/${del.configId}` },
      };
    }
    case 'extendedCard':
      return { method: 'GetAgentCard', message: {} };
    case 'list':
      return undefined;
  }
}

export const v0_3Grpc: GenerationAdapter = {
  generation: '0.3',
  binding: 'GRPC',
  // Listing tasks is not in the 0.3 proto.
  supports: new Set(operations.filter((operation) => operation !== 'list')),

  encode(operation, input, context) {
    if (operation === 'pushConfigGet' && !(input as OperationInputs['pushConfigGet']).configId) {
      return { ok: false, reason: 'Over 0.3 gRPC a push config is fetched by its name; give the config id.' };
    }
    const found = call(operation, input, context.newId);
    if (!found) return { ok: false, reason: `A2A 0.3 over gRPC has no ${operation} operation.` };
    const request = grpcRequest('0.3', operation, context, {
      packageName: 'a2a.v1',
      ...found,
      streaming: operation === 'stream' || operation === 'subscribe',
    });
    return 'error' in request ? { ok: false, reason: request.error } : { ok: true, request };
  },

  decodeResponse(request, response) {
    return decodeGrpcResponse(request, response, '0.3', SPEC, v0_3ResultDecoder(request.operation));
  },

  decodeStreamEvent(_request, data, isError) {
    return decodeRestStreamEvent(data, isError, '0.3', SPEC);
  },

  decodePush: (bodyText) => v0_3Rest.decodePush(bodyText),
  decodeSentMessage: (bodyText) => v0_3Rest.decodeSentMessage(bodyText),
};
