// Push config URLs inside gRPC messages (PRX-1): what pushRouteHooks.ts does to JSON bodies, done to protobuf. A
// message is decoded with the vendored proto of the call's method, every push config in it (0.3
// `PushNotificationConfig`, 1.0 `TaskPushNotificationConfig`, wherever it sits: a send's configuration, a create
// call, a get or list answer) has its `url` changed as asked, and the message is encoded again with a new gRPC length
// prefix. A message that changes nowhere keeps its bytes, as does a compressed one (its payload is not protobuf
// until inflated) or one the proto cannot read. Re-encoding keeps every field the proto knows; unknown fields are
// lost, which is why only messages that carry a routed URL are re-encoded.

import protobuf from 'protobufjs';
import { methodForPath } from '../grpc/a2aProtos';

/** A new URL for a config's `url`, or undefined to leave it. */
export type UrlChange = (url: string) => string | undefined;

const PREFIX_BYTES = 5;
/** Push configs sit a few levels down (request → configuration → config); deeper nesting is not A2A's. */
const MAX_DEPTH = 8;
const PUSH_CONFIG_TYPES = new Set(['PushNotificationConfig', 'TaskPushNotificationConfig']);

interface Framed {
  compressed: boolean;
  payload: Uint8Array;
  /** Where the next message starts. */
  end: number;
}

/** The gRPC message at `offset`, or undefined when the bytes there are not one whole message. */
function framedAt(bytes: Uint8Array, offset: number): Framed | undefined {
  if (bytes.byteLength - offset < PREFIX_BYTES) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, PREFIX_BYTES);
  const length = view.getUint32(1);
  const end = offset + PREFIX_BYTES + length;
  if (end > bytes.byteLength) return undefined;
  return {
    compressed: view.getUint8(0) === 1,
    payload: bytes.subarray(offset + PREFIX_BYTES, end),
    end,
  };
}

function frame(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(PREFIX_BYTES + payload.byteLength);
  new DataView(out.buffer).setUint32(1, payload.byteLength);
  out.set(payload, PREFIX_BYTES);
  return out;
}

/** Changes the URLs of the push configs in `message` (a decoded `type`); says whether any changed. */
function changeConfigs(
  type: protobuf.Type,
  message: Record<string, unknown>,
  change: UrlChange,
  depth = 0,
): boolean {
  if (depth > MAX_DEPTH) return false;
  let changed = false;
  if (PUSH_CONFIG_TYPES.has(type.name) && typeof message.url === 'string') {
    const url = change(message.url);
    if (url !== undefined && url !== message.url) {
      message.url = url;
      changed = true;
    }
  }
  for (const field of type.fieldsArray) {
    field.resolve();
    const inner = field.resolvedType;
    if (!(inner instanceof protobuf.Type) || inner.fullName.startsWith('.google.protobuf.')) continue;
    const value = message[field.name];
    if (value === null || value === undefined) continue;
    const items = field.map
      ? Object.values(value as Record<string, unknown>)
      : field.repeated
        ? (value as unknown[])
        : [value];
    for (const item of items) {
      if (typeof item === 'object' && item !== null)
        changed = changeConfigs(inner, item as Record<string, unknown>, change, depth + 1) || changed;
    }
  }
  return changed;
}

/** One message's payload with its configs changed, or undefined when nothing changed or it cannot be read. */
function changedPayload(type: protobuf.Type, framed: Framed, change: UrlChange): Uint8Array | undefined {
  if (framed.compressed) return undefined;
  let message: protobuf.Message;
  try {
    message = type.decode(framed.payload);
  } catch {
    return undefined;
  }
  if (!changeConfigs(type, message as unknown as Record<string, unknown>, change)) return undefined;
  return type.encode(message).finish();
}

/**
 * A call's request bytes (its first message, then whatever else arrived with it) with the first message's push
 * configs changed; undefined when the path is no A2A method or nothing changed.
 */
export function changeRequestConfigs(
  path: string,
  body: Uint8Array,
  change: UrlChange,
): Uint8Array | undefined {
  const method = methodForPath(path);
  if ('error' in method) return undefined;
  const first = framedAt(body, 0);
  if (!first) return undefined;
  const payload = changedPayload(method.requestType, first, change);
  if (!payload) return undefined;
  const head = frame(payload);
  const rest = body.subarray(first.end);
  const out = new Uint8Array(head.byteLength + rest.byteLength);
  out.set(head, 0);
  out.set(rest, head.byteLength);
  return out;
}

/**
 * A chunk of a call's answer (whole messages, as the forwarder hands them to hooks) with each message's push configs
 * changed; the chunk as it was when it is not whole messages or nothing changed.
 */
export function changeAnswerConfigs(path: string, chunk: Uint8Array, change: UrlChange): Uint8Array {
  const method = methodForPath(path);
  if ('error' in method) return chunk;
  const parts: Uint8Array[] = [];
  let changed = false;
  for (let offset = 0; offset < chunk.byteLength;) {
    const framed = framedAt(chunk, offset);
    if (!framed) return chunk;
    const payload = changedPayload(method.responseType, framed, change);
    parts.push(payload ? frame(payload) : chunk.subarray(offset, framed.end));
    changed ||= payload !== undefined;
    offset = framed.end;
  }
  if (!changed) return chunk;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
