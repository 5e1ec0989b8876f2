// ProtoJSON (the canonical JSON mapping of proto3) for the gRPC binding (WIRE-3): gRPC messages are shown, checked and
// saved as the same JSON the HTTP+JSON binding carries, so one set of decoders serves both. protobufjs knows the
// message layout; this file does what its own toObject/fromObject leave out: json_name, enum names, the well-known
// types A2A uses (Struct, Value, ListValue, Timestamp, Empty), int64 as strings and bytes as base64.

import protobuf from 'protobufjs';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const STRUCT = '.google.protobuf.Struct';
const VALUE = '.google.protobuf.Value';
const LIST = '.google.protobuf.ListValue';
const TIMESTAMP = '.google.protobuf.Timestamp';
const INT64 = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

/** The JSON name of a field: its `json_name` option, else protobufjs's lowerCamelCase name. */
export function jsonName(field: protobuf.Field): string {
  const option = field.options?.json_name as unknown;
  return typeof option === 'string' ? option : field.name;
}

// ---- message → JSON ----

export function toProtoJson(type: protobuf.Type, message: Record<string, unknown>): Json {
  const out: { [key: string]: Json } = {};
  for (const field of type.fieldsArray) {
    // Decoded messages hold only what was on the wire as own properties; defaults live on the prototype.
    if (!Object.prototype.hasOwnProperty.call(message, field.name)) continue;
    const value = message[field.name];
    if (value === null || value === undefined) continue;
    if (field.map) {
      const map: { [key: string]: Json } = {};
      for (const [key, item] of Object.entries(value as Record<string, unknown>))
        map[key] = fieldValueToJson(field, item);
      if (Object.keys(map).length > 0) out[jsonName(field)] = map;
    } else if (field.repeated) {
      const items = (value as unknown[]).map((item) => fieldValueToJson(field, item));
      if (items.length > 0) out[jsonName(field)] = items;
    } else {
      out[jsonName(field)] = fieldValueToJson(field, value);
    }
  }
  return out;
}

function fieldValueToJson(field: protobuf.Field, value: unknown): Json {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Enum) {
    return typeof value === 'number' ? (resolved.valuesById[value] ?? value) : String(value);
  }
  if (resolved instanceof protobuf.Type) return messageToJson(resolved, value as Record<string, unknown>);
  if (INT64.has(field.type)) return String(value);
  if (field.type === 'bytes') return Buffer.from(value as Uint8Array).toString('base64');
  if (field.type === 'double' || field.type === 'float') {
    const n = value as number;
    if (Number.isNaN(n)) return 'NaN';
    if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  }
  return value as Json;
}

function messageToJson(type: protobuf.Type, message: Record<string, unknown>): Json {
  switch (type.fullName) {
    case STRUCT:
      return structToJson(message);
    case VALUE:
      return valueToJson(message);
    case LIST:
      return ((message.values as Array<Record<string, unknown>> | undefined) ?? []).map(valueToJson);
    case TIMESTAMP:
      return timestampToJson(message);
    default:
      return toProtoJson(type, message);
  }
}

function structToJson(message: Record<string, unknown>): Json {
  const out: { [key: string]: Json } = {};
  const fields = (message.fields as Record<string, Record<string, unknown>> | undefined) ?? {};
  for (const [key, value] of Object.entries(fields)) out[key] = valueToJson(value);
  return out;
}

function valueToJson(value: Record<string, unknown>): Json {
  if (own(value, 'nullValue')) return null;
  if (own(value, 'numberValue')) return value.numberValue as number;
  if (own(value, 'stringValue')) return value.stringValue as string;
  if (own(value, 'boolValue')) return value.boolValue as boolean;
  if (own(value, 'structValue')) return structToJson(value.structValue as Record<string, unknown>);
  if (own(value, 'listValue')) {
    const list = value.listValue as { values?: Array<Record<string, unknown>> };
    return (list.values ?? []).map(valueToJson);
  }
  return null;
}

/** RFC 3339 in UTC with as many fraction digits as the nanos need (0, 3, 6 or 9), as ProtoJSON writes it. */
function timestampToJson(message: Record<string, unknown>): string {
  const seconds = Number(String(message.seconds ?? 0));
  const nanos = Number(message.nanos ?? 0);
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  if (nanos === 0) return `${base}Z`;
  const digits = String(nanos).padStart(9, '0');
  const fraction = digits.endsWith('000000')
    ? digits.slice(0, 3)
    : digits.endsWith('000')
      ? digits.slice(0, 6)
      : digits;
  return `${base}.${fraction}Z`;
}

// ---- JSON → message ----

/** The object protobufjs's fromObject takes for `json`; throws with a JSON pointer for what cannot be mapped. */
export function fromProtoJson(type: protobuf.Type, json: unknown, pointer = ''): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error(`${pointer || 'The message'} must be a JSON object for ${type.name}.`);
  }
  const byJsonName = new Map<string, protobuf.Field>();
  for (const field of type.fieldsArray) {
    byJsonName.set(jsonName(field), field);
    byJsonName.set(field.name, field);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const field = byJsonName.get(key);
    const at = `${pointer}/${key}`;
    if (!field) throw new Error(`${at}: ${type.name} has no field "${key}".`);
    if (value === null) continue;
    if (field.map) {
      const map: Record<string, unknown> = {};
      for (const [k, item] of Object.entries(asObject(value, at)))
        map[k] = fieldValueFromJson(field, item, `${at}/${k}`);
      out[field.name] = map;
    } else if (field.repeated) {
      if (!Array.isArray(value)) throw new Error(`${at} must be an array.`);
      out[field.name] = value.map((item, i) => fieldValueFromJson(field, item, `${at}/${i}`));
    } else {
      out[field.name] = fieldValueFromJson(field, value, at);
    }
  }
  return out;
}

function fieldValueFromJson(field: protobuf.Field, value: unknown, at: string): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) {
    switch (resolved.fullName) {
      case STRUCT:
        return structFromJson(asObject(value, at));
      case VALUE:
        return valueFromJson(value);
      case LIST:
        if (!Array.isArray(value)) throw new Error(`${at} must be an array.`);
        return { values: value.map(valueFromJson) };
      case TIMESTAMP:
        return timestampFromJson(value, at);
      default:
        return fromProtoJson(resolved, value, at);
    }
  }
  if (resolved instanceof protobuf.Enum) {
    if (typeof value === 'string' && !Object.prototype.hasOwnProperty.call(resolved.values, value))
      throw new Error(`${at}: "${value}" is not a value of ${resolved.name}.`);
    return value;
  }
  return value;
}

function structFromJson(object: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) fields[key] = valueFromJson(value);
  return { fields };
}

function valueFromJson(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return { nullValue: 'NULL_VALUE' };
  if (typeof value === 'number') return { numberValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (Array.isArray(value)) return { listValue: { values: value.map(valueFromJson) } };
  return { structValue: structFromJson(value as Record<string, unknown>) };
}

function timestampFromJson(value: unknown, at: string): Record<string, unknown> {
  const match =
    typeof value === 'string'
      ? /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(value)
      : null;
  const millis = match ? Date.parse(`${match[1]}${match[3]}`) : Number.NaN;
  if (!match || Number.isNaN(millis)) throw new Error(`${at} must be an RFC 3339 timestamp.`);
  return { seconds: String(millis / 1000), nanos: Number((match[2] ?? '').padEnd(9, '0')) };
}

function asObject(value: unknown, at: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${at} must be a JSON object.`);
  return value as Record<string, unknown>;
}

function own(object: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}
