// Push config URLs inside gRPC messages (PRX-1): what pushRouteHooks.ts does to JSON bodies, done to protobuf. A
// message is read with the vendored proto of the call's method, every push config in it (0.3
// `PushNotificationConfig`, 1.0 `TaskPushNotificationConfig`, wherever it sits: a send's configuration, a create
// call, a get or list answer) has its `url` changed as asked, and the message gets a new gRPC length prefix. The
// change is made on the wire bytes, not by decoding and encoding again: every other byte stays as the caller or the
// agent wrote it, unknown fields (a newer proto's) and field order included. A message that changes nowhere keeps its
// bytes, as does one the proto cannot read; a compressed one (gzip or deflate) is read inflated.

import zlib from 'node:zlib';
import protobuf from 'protobufjs';
import type { HeaderList } from '../../../shared/wire/frame';
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

/** What becomes of one length-delimited field's bytes: new bytes, or undefined to keep them. */
type FieldChange = (value: Uint8Array) => Uint8Array | undefined;

/**
 * `bytes` (one message in protobuf's wire form) with the length-delimited fields that `changeAt` names changed, or
 * undefined when none changed. The walk reads tags and lengths only and copies every other byte as it came, unknown
 * fields and field order included; a changed field gets a new length.
 */
function spliceFields(
  bytes: Uint8Array,
  changeAt: (fieldId: number) => FieldChange | undefined,
): Uint8Array | undefined {
  const reader = protobuf.Reader.create(bytes);
  const parts: Uint8Array[] = [];
  let copiedTo = 0;
  while (reader.pos < reader.len) {
    const fieldStart = reader.pos;
    const tag = reader.uint32();
    const wireType = tag & 7;
    if (wireType !== LENGTH_DELIMITED) {
      reader.skipType(wireType);
      continue;
    }
    const length = reader.uint32();
    const valueStart = reader.pos;
    reader.skip(length);
    const changed = changeAt(tag >>> 3)?.(bytes.subarray(valueStart, valueStart + length));
    if (!changed) continue;
    parts.push(bytes.subarray(copiedTo, fieldStart), lengthDelimited(tag, changed));
    copiedTo = valueStart + length;
  }
  if (parts.length === 0) return undefined;
  parts.push(bytes.subarray(copiedTo));
  return concat(parts);
}

const LENGTH_DELIMITED = 2;

/**
 * A message of `type` with the `url` of every push config in it changed (each message around a changed one gets a new
 * length too), or undefined when none changed.
 */
export function spliceConfigs(
  type: protobuf.Type,
  bytes: Uint8Array,
  change: UrlChange,
  depth = 0,
): Uint8Array | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const isConfig = PUSH_CONFIG_TYPES.has(type.name);
  return spliceFields(bytes, (fieldId) => {
    const field = type.fieldsById[fieldId];
    if (!field) return undefined;
    if (isConfig && field.name === 'url') return (value) => changedUrl(value, change);
    field.resolve();
    const inner = field.resolvedType;
    if (!(inner instanceof protobuf.Type) || inner.fullName.startsWith('.google.protobuf.')) return undefined;
    const nested: FieldChange = (value) => spliceConfigs(inner, value, change, depth + 1);
    // A map's entry is a message of its own: the key as field 1, the value as field 2.
    return field.map ? (entry) => spliceFields(entry, (id) => (id === 2 ? nested : undefined)) : nested;
  });
}

function changedUrl(value: Uint8Array, change: UrlChange): Uint8Array | undefined {
  const url = textDecoder.decode(value);
  const moved = change(url);
  return moved === undefined || moved === url ? undefined : textEncoder.encode(moved);
}

function lengthDelimited(tag: number, value: Uint8Array): Uint8Array {
  const writer = protobuf.Writer.create();
  writer.uint32(tag).uint32(value.byteLength);
  return concat([writer.finish(), value]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

const textDecoder = new TextDecoder();
const textEncoder = new TextEncoder();

/** The largest message a compressed one may inflate to before the proxy gives up routing it (a hostile bomb). */
const MAX_INFLATED_BYTES = 4 * 1024 * 1024;

/** The `grpc-encoding` header's value, lower case, when a call or answer names one. */
export function grpcEncoding(headers: HeaderList): string | undefined {
  return headers
    .find(([name]) => name.toLowerCase() === 'grpc-encoding')?.[1]
    .trim()
    .toLowerCase();
}

/** A compressed message's protobuf, for the encodings every gRPC implementation ships; undefined for others. */
function inflated(payload: Uint8Array, encoding: string | undefined): Uint8Array | undefined {
  const options = { maxOutputLength: MAX_INFLATED_BYTES };
  if (encoding === 'gzip') return zlib.gunzipSync(payload, options);
  if (encoding === 'deflate') return zlib.inflateSync(payload, options);
  return undefined;
}

/**
 * One message's payload with its configs changed, or undefined when nothing changed or it cannot be read. A
 * compressed message is inflated first and goes on uncompressed: gRPC marks compression per message (its first
 * byte), so a receiver reads an uncompressed message whatever `grpc-encoding` the call named.
 */
function changedPayload(
  type: protobuf.Type,
  framed: Framed,
  change: UrlChange,
  encoding: string | undefined,
): Uint8Array | undefined {
  try {
    const payload = framed.compressed ? inflated(framed.payload, encoding) : framed.payload;
    return payload && spliceConfigs(type, payload, change);
  } catch {
    // Bytes that are not the method's message (a truncated, hostile or oversized payload) pass on as they came.
    return undefined;
  }
}

/**
 * A call's request bytes (its first message, then whatever else arrived with it) with the first message's push
 * configs changed; undefined when the path is no A2A method or nothing changed.
 */
export function changeRequestConfigs(
  path: string,
  body: Uint8Array,
  change: UrlChange,
  encoding?: string,
): Uint8Array | undefined {
  const method = methodForPath(path);
  if ('error' in method) return undefined;
  const first = framedAt(body, 0);
  if (!first) return undefined;
  const payload = changedPayload(method.requestType, first, change, encoding);
  if (!payload) return undefined;
  return concat([frame(payload), body.subarray(first.end)]);
}

/**
 * A chunk of a call's answer (whole messages, as the forwarder hands them to hooks) with each message's push configs
 * changed; the chunk as it was when it is not whole messages or nothing changed.
 */
export function changeAnswerConfigs(
  path: string,
  chunk: Uint8Array,
  change: UrlChange,
  encoding?: string,
): Uint8Array {
  const method = methodForPath(path);
  if ('error' in method) return chunk;
  const parts: Uint8Array[] = [];
  let changed = false;
  for (let offset = 0; offset < chunk.byteLength;) {
    const framed = framedAt(chunk, offset);
    if (!framed) return chunk;
    const payload = changedPayload(method.responseType, framed, change, encoding);
    parts.push(payload ? frame(payload) : chunk.subarray(offset, framed.end));
    changed ||= payload !== undefined;
    offset = framed.end;
  }
  return changed ? concat(parts) : chunk;
}
