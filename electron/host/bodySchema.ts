// Frame bodies checked against the official JSON Schema of their generation (CHK-2, "schema per generation"): a
// JSON-RPC answer of 0.1–0.3 against the response type of its method, a 1.0 result (JSON-RPC) or body (HTTP+JSON)
// against the ProtoJSON message it should be, and every stream event against the stream response type. Findings are
// warnings: the per-generation decoders already say when something cannot be read at all, and the published schemas are
// stricter or looser than the SDKs in places (docs/protocol.md#sources). Host-side, like the card schema: Ajv compiles
// with `new Function`, which the renderer's CSP forbids.

import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Operation } from '../../shared/a2a/adapter';
import { a2aRef, cite, type Citation } from '../../shared/checks/specRefs';
import type { Finding } from '../../shared/wire/finding';
import v010 from '../../vendor/a2a-spec/a2a-0.1.0.schema.json' with { type: 'json' };
import v025 from '../../vendor/a2a-spec/a2a-0.2.5.schema.json' with { type: 'json' };
import v030 from '../../vendor/a2a-spec/a2a-0.3.0.schema.json' with { type: 'json' };
import v101 from '../../vendor/a2a-spec/a2a-1.0.1.bundled.schema.json' with { type: 'json' };
import { ownValue } from '../../shared/ownValue';
import { neutralAt, type PlaceKind } from './schemaNeutral';
import type { JsonPath } from './agent/eventTemplates';

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats)) as AddFormats;

type Target = Operation | 'event';

interface Generation {
  version: string;
  schema: object;
  /** Where definitions live in the file. */
  defs: string;
  draft2020: boolean;
  /** The definition each operation's answer (or a stream event) must match. */
  types: Partial<Record<Target, string>>;
  /** 1.0: the JSON-RPC `result` (or the REST body) is checked, not the envelope. */
  resultOnly: boolean;
}

const ZERO_TWO_THREE = {
  send: 'SendMessageResponse',
  stream: 'SendStreamingMessageResponse',
  event: 'SendStreamingMessageResponse',
  subscribe: 'SendStreamingMessageResponse',
  get: 'GetTaskResponse',
  cancel: 'CancelTaskResponse',
  pushConfigSet: 'SetTaskPushNotificationConfigResponse',
  pushConfigGet: 'GetTaskPushNotificationConfigResponse',
  pushConfigList: 'ListTaskPushNotificationConfigResponse',
  pushConfigDelete: 'DeleteTaskPushNotificationConfigResponse',
} as const;

const GENERATIONS: Record<string, Generation> = {
  '0.1': {
    version: '0.1.0',
    schema: v010,
    defs: '#/$defs/',
    draft2020: false,
    resultOnly: false,
    types: {
      send: 'SendTaskResponse',
      stream: 'SendTaskStreamingResponse',
      event: 'SendTaskStreamingResponse',
      subscribe: 'SendTaskStreamingResponse',
      get: 'GetTaskResponse',
      cancel: 'CancelTaskResponse',
      pushConfigSet: 'SetTaskPushNotificationResponse',
      pushConfigGet: 'GetTaskPushNotificationResponse',
    },
  },
  '0.2': {
    version: '0.2.5',
    schema: v025,
    defs: '#/definitions/',
    draft2020: false,
    resultOnly: false,
    types: ZERO_TWO_THREE,
  },
  '0.3': {
    version: '0.3.0',
    schema: v030,
    defs: '#/definitions/',
    draft2020: false,
    resultOnly: false,
    types: { ...ZERO_TWO_THREE, extendedCard: 'GetAuthenticatedExtendedCardResponse' },
  },
  '1.0': {
    version: '1.0.1',
    schema: v101,
    defs: '#/definitions/',
    draft2020: true,
    resultOnly: true,
    types: {
      send: 'Send Message Response',
      event: 'Stream Response',
      get: 'Task',
      cancel: 'Task',
      list: 'List Tasks Response',
      pushConfigSet: 'Task Push Notification Config',
      pushConfigGet: 'Task Push Notification Config',
      pushConfigList: 'List Task Push Notification Configs Response',
      extendedCard: 'Agent Card',
    },
  },
};

const MAX_FINDINGS = 5;
/**
 * Two compilations per schema: one that stops at the first difference, which answers "valid?" for every body and
 * event several times faster (bench:ingest), and one with every error, run only to word the findings.
 */
type Mode = 'first' | 'all';
const ajvs = new Map<string, Ajv>();
const compiled = new Map<string, ValidateFunction | null>();

function validatorFor(generation: Generation, type: string, mode: Mode): ValidateFunction | undefined {
  const key = `${generation.version} ${type} ${mode}`;
  if (compiled.has(key)) return compiled.get(key) ?? undefined;
  const instance = `${generation.version} ${mode}`;
  let ajv = ajvs.get(instance);
  if (!ajv) {
    const options = { strict: false, allErrors: mode === 'all' };
    ajv = generation.draft2020 ? new Ajv2020(options) : new Ajv(options);
    addFormats(ajv);
    ajv.addSchema(generation.schema, generation.version);
    ajvs.set(instance, ajv);
  }
  const ref = `${generation.version}${generation.defs}${type.replaceAll(' ', '%20')}`;
  let validate: ValidateFunction | undefined;
  try {
    validate = ajv.getSchema(ref);
  } catch {
    validate = undefined;
  }
  compiled.set(key, validate ?? null);
  return validate;
}

/**
 * Findings for one body: `json` is the parsed answer (the JSON-RPC envelope, a REST body or one event's data).
 * Nothing is said where the generation, binding or operation has no schema type to compare with.
 */
export function checkBodySchema(options: {
  generation: string;
  binding: string;
  target: Target;
  json: unknown;
}): Finding[] {
  return bodySchemaChecker(options.generation, options.binding, options.target)(options.json);
}

const NONE = (): Finding[] => [];

/**
 * The check for every body of one kind, with its schema looked up once: a stream calls it for each event
 * (bench:ingest), where looking the validators up again per event cost as much as validating.
 */
export function bodySchemaChecker(
  generationName: string,
  binding: string,
  target: Target,
): (json: unknown) => Finding[] {
  const generation = ownValue(GENERATIONS, generationName);
  if (!generation) return NONE;
  // 0.3's HTTP+JSON and gRPC speak ProtoJSON, which its JSON Schema (the JSON-RPC shapes) does not describe.
  if ((binding === 'HTTP+JSON' || binding === 'GRPC') && !generation.resultOnly) return NONE;
  const type = generation.types[target];
  if (!type) return NONE;
  const valid = validatorFor(generation, type, 'first');
  if (!valid) return NONE;
  const inResult = generation.resultOnly && binding === 'JSONRPC';
  const base = inResult ? '/result' : '';
  return (json) => {
    let value = json;
    if (inResult) {
      if (typeof value !== 'object' || value === null || !('result' in value)) return [];
      value = (value as { result: unknown }).result;
    }
    if (valid(value)) return [];
    const validate = validatorFor(generation, type, 'all');
    if (!validate || validate(value)) return [];
    // The published JSON Schema of the generation; the message names its type, the citation the data model.
    return describeErrors(validate.errors ?? [], base, type, cite(a2aRef('dataModel', generationName)));
  };
}

/**
 * Whether the check `bodySchemaChecker` makes of one kind of body looks at the value at a path only through its type
 * (schemaNeutral.ts): true wherever there is no check at all, or the check does not reach the path.
 */
export function schemaNeutral(
  generationName: string,
  binding: string,
  target: Target,
): (path: JsonPath, kind: PlaceKind) => boolean {
  const generation = ownValue(GENERATIONS, generationName);
  const always = () => true;
  if (!generation) return always;
  if ((binding === 'HTTP+JSON' || binding === 'GRPC') && !generation.resultOnly) return always;
  const type = generation.types[target];
  if (!type || !validatorFor(generation, type, 'first')) return always;
  const inResult = generation.resultOnly && binding === 'JSONRPC';
  const root = generation.schema as Record<string, unknown>;
  const start = { $ref: `${generation.defs}${type.replaceAll(' ', '%20')}` };
  const known = new Map<string, boolean>();
  return (path, kind) => {
    if (inResult && path[0] !== 'result') return true;
    const within = inResult ? path.slice(1) : path;
    const key = `${kind}\u0000${JSON.stringify(within)}`;
    let neutral = known.get(key);
    if (neutral === undefined) {
      neutral = neutralAt(root, start, within, kind);
      known.set(key, neutral);
    }
    return neutral;
  };
}

function describeErrors(
  errors: NonNullable<ValidateFunction['errors']>,
  base: string,
  type: string,
  spec: Citation,
): Finding[] {
  const findings: Finding[] = errors.slice(0, MAX_FINDINGS).map((error) => ({
    rule: 'schema.body',
    severity: 'warning',
    message: `${base}${error.instancePath || ''} ${error.message ?? 'does not match'} (${type}).`.trim(),
    pointer: `${base}${error.instancePath}`,
    ...spec,
  }));
  if (errors.length > MAX_FINDINGS) {
    findings.push({
      rule: 'schema.body',
      severity: 'warning',
      message: `${errors.length - MAX_FINDINGS} more differences from the ${type} schema.`,
      ...spec,
    });
  }
  return findings;
}

/** One type of a generation's schema with every error reported, for the request editor (requestBodySchema.ts). */
export function schemaValidator(generationName: string, type: string): ValidateFunction | undefined {
  const generation = ownValue(GENERATIONS, generationName);
  return generation ? validatorFor(generation, type, 'all') : undefined;
}
