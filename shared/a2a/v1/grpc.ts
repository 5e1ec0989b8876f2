// A2A 1.0 over gRPC (docs/protocol.md#grpc): service `lf.a2a.v1.A2AService`, request messages that are the JSON-RPC
// params (both are the proto's request messages), answers and stream events read as the HTTP+JSON binding reads them.

import { a2aRef } from '../../checks/specRefs';
import type { GenerationAdapter, OperationInputs } from '../adapter';
import { decodeGrpcResponse, grpcRequest } from '../grpcBinding';
import { decodeRestStreamEvent } from '../protoJson/restBinding';
import { V1_METHODS, V1_OPERATIONS, v1Params, v1ResultDecoder } from './operations';
import { v1Rest } from './rest';

const SPEC = a2aRef('grpcBinding', '1.0');

export const v1Grpc: GenerationAdapter = {
  generation: '1.0',
  binding: 'GRPC',
  supports: V1_OPERATIONS,

  encode(operation, input, context) {
    if (operation === 'pushConfigGet' && !(input as OperationInputs['pushConfigGet']).configId) {
      return { ok: false, reason: 'A 1.0 push config is fetched by its id; give the config id.' };
    }
    const request = grpcRequest('1.0', operation, context, {
      packageName: 'lf.a2a.v1',
      method: V1_METHODS[operation],
      message: v1Params(operation, input, context.newId, context.tenant),
      streaming: operation === 'stream' || operation === 'subscribe',
    });
    return 'error' in request ? { ok: false, reason: request.error } : { ok: true, request };
  },

  decodeResponse(request, response) {
    return decodeGrpcResponse(request, response, '1.0', SPEC, v1ResultDecoder(request.operation, ''));
  },

  decodeStreamEvent(_request, data, isError) {
    return decodeRestStreamEvent(data, isError, '1.0', SPEC);
  },

  // Pushes are HTTP whatever binding the calls use; the sent message sits where the REST body has it.
  decodePush: (bodyText) => v1Rest.decodePush(bodyText),
  decodeSentMessage: (bodyText) => v1Rest.decodeSentMessage(bodyText),
};
