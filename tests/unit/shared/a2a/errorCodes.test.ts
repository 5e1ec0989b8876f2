// The A2A error tables (shared/a2a/errorCodes.ts) against docs/protocol.md#errors, against the JSON Schemas in
// vendor/a2a-spec (names and default messages of every code), and against @a2a-js/sdk 1.3.0's own error classes.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as sdkErrors from '@a2a-js/sdk/errors';
import { describe, expect, it } from 'vitest';
import {
  errorForReason,
  errorInfoReasons,
  jsonRpcCodeRange,
  jsonRpcErrorByName,
  jsonRpcErrorEntries,
  jsonRpcErrorTable,
  nameJsonRpcError,
  restErrorNamesForStatus,
  restGrpcMapping,
  restMappingFor,
} from '../../../../shared/a2a/errorCodes';
import { generations, type Generation } from '../../../../shared/a2a/generation';

const specDir = path.resolve('vendor', 'a2a-spec');

interface SchemaError {
  name: string;
  code: number;
  message: string | undefined;
}

/** The error definitions of one JSON Schema: every definition whose `code` is a const. */
function schemaErrors(file: string): SchemaError[] {
  const schema = JSON.parse(readFileSync(path.join(specDir, file), 'utf8')) as Record<string, unknown>;
  const defs = (schema.definitions ?? schema.$defs) as Record<
    string,
    { properties?: Record<string, unknown> }
  >;
  const out: SchemaError[] = [];
  for (const [name, def] of Object.entries(defs)) {
    const code = def.properties?.code as { const?: unknown } | undefined;
    if (typeof code?.const !== 'number') continue;
    const message = def.properties?.message as { const?: string; default?: string } | undefined;
    out.push({ name, code: code.const, message: message?.default ?? message?.const });
  }
  return out;
}

const schemaFiles = readdirSync(specDir).filter((f) => /^a2a-0\.\d\.\d\.schema\.json$/.test(f));
const generationOf = (file: string): Generation => file.slice(4, 7) as Generation;

describe('nameJsonRpcError', () => {
  it('names -32007 by generation: 0.1 prose, absent in 0.2, 0.3 and 1.0 names differ', () => {
    expect(nameJsonRpcError(-32007, '0.1')).toMatchObject({
      name: 'AuthenticationRequiredError',
      since: '0.1 (prose)',
    });
    expect(nameJsonRpcError(-32007, '0.2')).toBeUndefined();
    expect(nameJsonRpcError(-32007, '0.3')).toMatchObject({
      name: 'AuthenticatedExtendedCardNotConfiguredError',
      since: '0.3.0',
      defaultMessage: 'Authenticated Extended Card is not configured',
    });
    expect(nameJsonRpcError(-32007, '1.0')).toMatchObject({
      name: 'ExtendedAgentCardNotConfiguredError',
      reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
    });
  });

  it('gives the 0.1 prose meanings that later generations changed', () => {
    const names = (code: number) => generations.map((g) => nameJsonRpcError(code, g)?.name);
    expect(names(-32004)).toEqual([
      'OperationNotSupportedError',
      'UnsupportedOperationError',
      'UnsupportedOperationError',
      'UnsupportedOperationError',
    ]);
    expect(nameJsonRpcError(-32004, '0.1')?.alsoKnownAs).toEqual(['UnsupportedOperationError']);
    expect(names(-32005)).toEqual(Array(4).fill('ContentTypeNotSupportedError'));
    expect(names(-32006)).toEqual([
      'StreamingNotSupportedError',
      'InvalidAgentResponseError',
      'InvalidAgentResponseError',
      'InvalidAgentResponseError',
    ]);
    expect(names(-32008)).toEqual([
      'AuthorizationFailedError',
      undefined,
      undefined,
      'ExtensionSupportRequiredError',
    ]);
    expect(names(-32009)).toEqual([
      'InvalidTaskStateError',
      undefined,
      undefined,
      'VersionNotSupportedError',
    ]);
    expect(names(-32010)).toEqual([undefined, undefined, undefined, 'TaskGenerationMismatchError']);
    expect(nameJsonRpcError(-32010, '1.0')?.since).toBe('1.1 draft');
  });

  it('names the standard JSON-RPC codes in every generation', () => {
    for (const generation of generations) {
      expect(
        [-32700, -32600, -32601, -32602, -32603].map((code) => nameJsonRpcError(code, generation)?.name),
      ).toEqual([
        'JSONParseError',
        'InvalidRequestError',
        'MethodNotFoundError',
        'InvalidParamsError',
        'InternalError',
      ]);
    }
  });

  it('has nothing for unknown codes', () => {
    expect(nameJsonRpcError(-32050, '1.0')).toBeUndefined();
    expect(nameJsonRpcError(0, '0.3')).toBeUndefined();
    expect(nameJsonRpcError(Number.NaN, '0.3')).toBeUndefined();
  });

  it('lists every generation’s meaning of a code', () => {
    expect(jsonRpcErrorEntries(-32009).map((e) => [e.name, e.generations])).toEqual([
      ['InvalidTaskStateError', ['0.1']],
      ['VersionNotSupportedError', ['1.0']],
    ]);
    expect(jsonRpcErrorByName('UnsupportedOperationError', '0.1')?.code).toBe(-32004);
    expect(jsonRpcErrorByName('TaskNotFoundError')?.code).toBe(-32001);
  });

  it('has one name per code and generation, and a meaning for each', () => {
    for (const generation of generations) {
      const codes = jsonRpcErrorTable.filter((e) => e.generations.includes(generation)).map((e) => e.code);
      expect(new Set(codes).size).toBe(codes.length);
    }
    for (const entry of jsonRpcErrorTable) expect(entry.meaning).toMatch(/^[A-Z].+\.$/);
  });
});

describe('the tables against the A2A JSON Schemas', () => {
  it('finds the schemas', () => {
    expect(schemaFiles.length).toBeGreaterThanOrEqual(9);
  });

  it.each(schemaFiles)('names every error code of %s and keeps its default message', (file) => {
    const generation = generationOf(file);
    const errors = schemaErrors(file);
    expect(errors.length).toBeGreaterThanOrEqual(9);
    for (const { name, code, message } of errors) {
      const named = nameJsonRpcError(code, generation);
      expect(named, `${code} in ${file}`).toBeDefined();
      expect([named?.name, ...(named?.alsoKnownAs ?? [])]).toContain(name);
      expect(named?.defaultMessage).toBe(message);
    }
    // Conversely every schema-sourced entry of this generation is in the schema (prose-only ones are not).
    const schemaCodes = errors.map((e) => e.code);
    for (const entry of jsonRpcErrorTable) {
      if (!entry.generations.includes(generation) || entry.since.includes('prose')) continue;
      expect(schemaCodes, `${entry.name} in ${file}`).toContain(entry.code);
    }
  });
});

describe('ErrorInfo reasons (1.0)', () => {
  it('maps every reason of docs/protocol.md#json-rpc-error-codes to its code', () => {
    expect(Object.fromEntries(errorInfoReasons.map((r) => [r.reason, r.code]))).toEqual({
      TASK_NOT_FOUND: -32001,
      TASK_NOT_CANCELABLE: -32002,
      PUSH_NOTIFICATION_NOT_SUPPORTED: -32003,
      UNSUPPORTED_OPERATION: -32004,
      CONTENT_TYPE_NOT_SUPPORTED: -32005,
      INVALID_AGENT_RESPONSE: -32006,
      EXTENDED_AGENT_CARD_NOT_CONFIGURED: -32007,
      EXTENSION_SUPPORT_REQUIRED: -32008,
      VERSION_NOT_SUPPORTED: -32009,
      TASK_GENERATION_MISMATCH: -32010,
      INVALID_PARAMS: -32602,
    });
    expect(errorForReason('VERSION_NOT_SUPPORTED')).toMatchObject({
      name: 'VersionNotSupportedError',
      code: -32009,
    });
    expect(errorForReason('NOT_A_REASON')).toBeUndefined();
  });

  it('agrees with @a2a-js/sdk 1.3.0 on the code, reason and HTTP status of each error', () => {
    const classes = [
      sdkErrors.TaskNotFoundError,
      sdkErrors.TaskNotCancelableError,
      sdkErrors.PushNotificationNotSupportedError,
      sdkErrors.UnsupportedOperationError,
      sdkErrors.ContentTypeNotSupportedError,
      sdkErrors.InvalidAgentResponseError,
      sdkErrors.ExtendedAgentCardNotConfiguredError,
      sdkErrors.ExtensionSupportRequiredError,
      sdkErrors.VersionNotSupportedError,
      sdkErrors.RequestMalformedError,
    ];
    for (const ErrorClass of classes) {
      const error = new ErrorClass();
      const { code } = sdkErrors.toJsonRpcError(error);
      const reason = error.toErrorInfo().reason;
      expect(errorForReason(reason)?.code, reason).toBe(code);
      const status = sdkErrors.restStatusFor(error);
      const body = sdkErrors.toRestErrorBody(error, status);
      const row = restMappingFor(errorForReason(reason)?.name ?? '');
      expect(row?.http, reason).toContain(status);
      expect(row?.grpc, reason).toContain(body.error.status);
    }
  });
});

describe('code ranges', () => {
  it.each([
    [-32700, 'standard'],
    [-32603, 'standard'],
    [-32000, 'server'],
    [-32001, 'server'],
    [-32099, 'server'],
    [-32100, 'reserved'],
    [-32768, 'reserved'],
    [-32769, 'application'],
    [0, 'application'],
    [404, 'application'],
  ])('%i is %s', (code, range) => {
    expect(jsonRpcCodeRange(code)).toBe(range);
  });
});

describe('REST and gRPC mapping (docs/protocol.md#http-and-grpc-statuses)', () => {
  it('holds the 1.0 table', () => {
    expect(restGrpcMapping.map((m) => [m.error, m.http, m.grpc])).toEqual([
      ['TaskNotFound', [404], ['NOT_FOUND']],
      ['TaskNotCancelable', [400], ['FAILED_PRECONDITION']],
      ['PushNotificationNotSupported', [400], ['FAILED_PRECONDITION']],
      ['UnsupportedOperation', [400], ['FAILED_PRECONDITION']],
      ['ContentTypeNotSupported', [400], ['INVALID_ARGUMENT']],
      ['InvalidAgentResponse', [500], ['INTERNAL']],
      ['ExtendedAgentCardNotConfigured', [400], ['FAILED_PRECONDITION']],
      ['ExtensionSupportRequired', [400], ['FAILED_PRECONDITION']],
      ['VersionNotSupported', [400], ['FAILED_PRECONDITION']],
      ['TaskGenerationMismatch', [409], ['ABORTED']],
      ['InvalidParams', [400], ['INVALID_ARGUMENT']],
      ['Internal', [500, 503], ['INTERNAL', 'UNAVAILABLE']],
      ['Unauthenticated', [401], ['UNAUTHENTICATED']],
      ['PermissionDenied', [403], ['PERMISSION_DENIED']],
    ]);
    expect(restMappingFor('VersionNotSupportedError')).toMatchObject({
      code: -32009,
      reason: 'VERSION_NOT_SUPPORTED',
      since: '1.0',
    });
    expect(restMappingFor('TaskGenerationMismatch')?.since).toBe('1.1 draft');
  });

  it('lists the errors an HTTP status can stand for, per generation', () => {
    expect(restErrorNamesForStatus(404, '1.0')).toEqual(['TaskNotFoundError']);
    expect(restErrorNamesForStatus(400, '1.0')).toHaveLength(8);
    expect(restErrorNamesForStatus(503, '1.0')).toEqual(['InternalError']);
    expect(restErrorNamesForStatus(401, '1.0')).toEqual(['Unauthenticated']);
    expect(restErrorNamesForStatus(404, '0.3')).toEqual([
      'MethodNotFoundError',
      'TaskNotFoundError',
      'AuthenticatedExtendedCardNotConfiguredError',
    ]);
    expect(restErrorNamesForStatus(422, '0.3')).toEqual(['InvalidParamsError']);
    expect(restErrorNamesForStatus(404, '0.2')).toEqual([]);
    expect(restErrorNamesForStatus(418, '1.0')).toEqual([]);
  });
});
