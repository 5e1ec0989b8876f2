// The 1.0 operation set shared by its JSON-RPC and HTTP+JSON bindings
// (docs/protocol.md#10-one-operation-set-three-bindings): request params and result decoding are the same ProtoJSON in
// both; only the envelope (method + params vs path + body) differs.

import { operations, type Operation, type OperationInputs, type SendInput } from '../adapter';
import { defined, type DecodeContext } from '../decodeContext';
import type { OperationResult } from '../model';
import { decodePushConfig, decodeTask, decodeTaskPage } from '../protoJson/decode';
import { encodePushConfig, encodeSendRequest } from '../protoJson/encode';
import { decodeSendResult } from '../protoJson/restBinding';

/** The method of each operation: the JSON-RPC method and the gRPC rpc have the same names in 1.0. */
export const V1_METHODS: Record<Operation, string> = {
  send: 'SendMessage',
  stream: 'SendStreamingMessage',
  get: 'GetTask',
  list: 'ListTasks',
  cancel: 'CancelTask',
  subscribe: 'SubscribeToTask',
  pushConfigSet: 'CreateTaskPushNotificationConfig',
  pushConfigGet: 'GetTaskPushNotificationConfig',
  pushConfigList: 'ListTaskPushNotificationConfigs',
  pushConfigDelete: 'DeleteTaskPushNotificationConfig',
  extendedCard: 'GetExtendedAgentCard',
};

/** 1.0 has every operation. */
export const V1_OPERATIONS: ReadonlySet<Operation> = new Set(operations);

/** The request message of an operation (JSON-RPC params, or REST body / path and query values). */
export function v1Params(
  operation: Operation,
  input: unknown,
  newId: () => string,
  tenant?: string,
): Record<string, unknown> {
  switch (operation) {
    case 'send':
    case 'stream':
      return encodeSendRequest(input as SendInput, '1.0', newId, tenant) as Record<string, unknown>;
    case 'get': {
      const get = input as OperationInputs['get'];
      return defined({ tenant, id: get.taskId, historyLength: get.historyLength });
    }
    case 'list':
      return defined({ tenant, ...(input as OperationInputs['list']) });
    case 'cancel': {
      const cancel = input as OperationInputs['cancel'];
      return defined({ tenant, id: cancel.taskId, metadata: cancel.metadata });
    }
    case 'subscribe':
      return defined({ tenant, id: (input as { taskId: string }).taskId });
    case 'pushConfigSet': {
      const set = input as OperationInputs['pushConfigSet'];
      return defined({
        tenant,
        ...(encodePushConfig(set.config, '1.0', set.taskId) as Record<string, unknown>),
      });
    }
    case 'pushConfigGet': {
      const get = input as OperationInputs['pushConfigGet'];
      return defined({ tenant, taskId: get.taskId, id: get.configId });
    }
    case 'pushConfigList': {
      const list = input as OperationInputs['pushConfigList'];
      return defined({ tenant, taskId: list.taskId, pageSize: list.pageSize, pageToken: list.pageToken });
    }
    case 'pushConfigDelete': {
      const del = input as OperationInputs['pushConfigDelete'];
      return defined({ tenant, taskId: del.taskId, id: del.configId });
    }
    case 'extendedCard':
      return defined({ tenant });
  }
}

export function v1ResultDecoder(
  operation: Operation,
  pointer: string,
): (body: unknown, ctx: DecodeContext) => OperationResult {
  switch (operation) {
    case 'send':
    case 'stream':
      return decodeSendResult('1.0', pointer);
    case 'list':
      return (body, ctx) => ({ type: 'task-page', page: decodeTaskPage(body, ctx, pointer) });
    case 'pushConfigSet':
    case 'pushConfigGet':
      return (body, ctx) => ({ type: 'push-config', config: decodePushConfig(body, '1.0', ctx, pointer) });
    case 'pushConfigList':
      return (body, ctx) => {
        const list = ctx.object(body, pointer, 'A push config list') ?? {};
        const result: OperationResult = {
          type: 'push-configs',
          configs: ctx
            .array(list, 'configs', pointer)
            .map((item, i) => decodePushConfig(item, '1.0', ctx, `${pointer}/configs/${i}`)),
        };
        const token = ctx.optionalString(list, 'nextPageToken', pointer);
        if (token !== undefined) result.nextPageToken = token;
        return result;
      };
    case 'pushConfigDelete':
      return () => ({ type: 'empty' });
    case 'extendedCard':
      return (body) => ({ type: 'card', card: body });
    default:
      return (body, ctx) => ({ type: 'task', task: decodeTask(body, '1.0', ctx, pointer) });
  }
}
