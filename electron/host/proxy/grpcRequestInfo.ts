// What a forwarded gRPC call is (PRX-1), read from its path and its first request message on a copy of the bytes: the
// method from the vendored protos, the generation and operation from the adapter whose method path it is, the message
// as ProtoJSON, the task it names and the text of its message. The proxy's frames, fault rules and trace hooks read
// this; nothing here touches the bytes that are forwarded.

import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
import { adapters } from '../../../shared/a2a/adapters';
import { identifyRequest } from '../../../shared/a2a/identify';
import type { GrpcMessage } from '../../../shared/proxy/grpcFraming';
import { methodForPath, type GrpcMethod } from '../grpc/a2aProtos';
import { toProtoJson } from '../grpc/protoJson';
import type protobuf from 'protobufjs';

export interface GrpcCallInfo {
  /** The A2A method the path names; absent for a path no A2A proto has (still forwarded, recorded without a2a). */
  method?: GrpcMethod;
  adapter?: GenerationAdapter;
  /** The adapter's request, rebuilt as exchangeRequest.ts would from the frame. */
  request?: EncodedRequest;
}

/** The method and the adapter of a call, from its path alone. */
export function callInfo(path: string, url: string): GrpcCallInfo {
  const method = methodForPath(path);
  if ('error' in method) return {};
  for (const adapter of adapters) {
    if (adapter.binding !== 'GRPC') continue;
    const request = identifyRequest(adapter, { method: 'POST', url, headers: [] }, url);
    if (request) return { method, adapter, request };
  }
  return { method };
}

/** A message as ProtoJSON text; one the proto cannot read is said so, as JSON, with its bytes. */
export function messageJson(type: protobuf.Type | undefined, message: GrpcMessage): string {
  const base64 = Buffer.from(message.payload).toString('base64');
  if (message.compressed) {
    return JSON.stringify({ undecodable: 'The message is compressed (grpc-encoding).', base64 });
  }
  if (!type) return JSON.stringify({ undecodable: 'No A2A proto describes this method.', base64 });
  try {
    const decoded = type.decode(message.payload) as unknown as Record<string, unknown>;
    return JSON.stringify(toProtoJson(type, decoded));
  } catch (error) {
    return JSON.stringify({ undecodable: `Not a ${type.name}: ${(error as Error).message}`, base64 });
  }
}

/** The task a request names: a task id field, the message's task, or a `tasks/{id}` resource name (0.3). */
export function requestTaskId(json: unknown): string | undefined {
  if (!isObject(json)) return undefined;
  const message = isObject(json.message) ? json.message : undefined;
  const candidates = [
    json.taskId,
    message?.taskId,
    resourceTask(json.name),
    resourceTask(json.parent),
    json.id,
  ];
  return candidates.find((value): value is string => typeof value === 'string' && value !== '');
}

/** Every text part of the request's message, joined, as fault rules match on it. */
export function requestMessageText(
  adapter: GenerationAdapter | undefined,
  bodyText: string,
): string | undefined {
  const message = adapter?.decodeSentMessage(bodyText);
  if (!message) return undefined;
  const texts = message.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : []));
  return texts.length > 0 ? texts.join('\n') : undefined;
}

function resourceTask(value: unknown): string | undefined {
  return typeof value === 'string' ? /^tasks\/([^/]+)/.exec(value)?.[1] : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
