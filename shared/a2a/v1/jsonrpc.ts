// A2A 1.0 over JSON-RPC (docs/protocol.md#10-one-operation-set-three-bindings): PascalCase methods, ProtoJSON params
// and results, `A2A-Version: 1.0` on every call (without it a 1.x server assumes 0.3:
// docs/protocol.md#versions-headers-and-content-types), and SendMessage results wrapped as {"task"} / {"message"}.

import { a2aRef } from '../../checks/specRefs';
import type { GenerationAdapter } from '../adapter';
import {
  decodeJsonRpcResponse,
  decodeJsonRpcStreamEvent,
  jsonRpcRequest,
  parseBody,
  sentMessage,
} from '../binding';
import { DecodeContext } from '../decodeContext';
import { decodeMessage, decodeWrapped } from '../protoJson/decode';
import { V1_METHODS as METHODS, V1_OPERATIONS, v1Params, v1ResultDecoder } from './operations';

const SPEC = a2aRef('jsonRpcBinding', '1.0');

export const v1JsonRpc: GenerationAdapter = {
  generation: '1.0',
  binding: 'JSONRPC',
  supports: V1_OPERATIONS,

  encode(operation, input, context) {
    const streaming = operation === 'stream' || operation === 'subscribe';
    const params = v1Params(operation, input, context.newId, context.tenant);
    return {
      ok: true,
      request: jsonRpcRequest('1.0', operation, context, METHODS[operation], params, streaming),
    };
  },

  decodeResponse(request, response) {
    return decodeJsonRpcResponse(
      request,
      response,
      SPEC,
      v1ResultDecoder(request.operation, '/result'),
      '1.0',
    );
  },

  decodeStreamEvent(request, data) {
    return decodeJsonRpcStreamEvent(
      request,
      data,
      SPEC,
      (result, ctx) => decodeWrapped(result, '1.0', ctx, '/result'),
      '1.0',
    );
  },

  decodePush(bodyText) {
    return decodeV1Push(bodyText);
  },

  decodeSentMessage(bodyText) {
    return sentMessage(bodyText, [['params', 'message']], (value, ctx, pointer) =>
      decodeMessage(value, '1.0', ctx, pointer),
    );
  },
};

/** 1.0 pushes a StreamResponse, whatever binding the agent speaks (docs/protocol.md#what-the-agent-sends). */
export function decodeV1Push(bodyText: string) {
  const ctx = new DecodeContext(a2aRef('pushPayload', '1.0'));
  const parsed = parseBody(bodyText, 'The push body');
  if (!parsed.ok) return { kind: 'invalid' as const, findings: [parsed.finding] };
  return { kind: 'item' as const, item: decodeWrapped(parsed.value, '1.0', ctx, ''), findings: ctx.findings };
}
