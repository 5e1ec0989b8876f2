// JSON-RPC envelope checks and REST error bodies (shared/wire/jsonRpc.ts, restErrors.ts): each rule is triggered by one
// fixture and by none of the clean ones, example envelopes of every generation
// (docs/protocol.md#operations-and-bindings) are classified right, and the error payloads @a2a-js/sdk 1.3.0 itself
// produces are named without findings.

import { readFileSync } from 'node:fs';
import * as sdkErrors from '@a2a-js/sdk/errors';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../../shared/wire/finding';
import { errorInfoReasonsIn } from '../../../../shared/wire/errorFindings';
import {
  checkJsonRpcRequest,
  checkJsonRpcResponse,
  type JsonRpcCheck,
} from '../../../../shared/wire/jsonRpc';
import { describeRestError } from '../../../../shared/wire/restErrors';

const errorInfo = (reason: string) => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain: 'a2a-protocol.org',
});

// Envelopes of every generation (docs/protocol.md#operations-and-bindings), and the -32009 answer of @a2a-js/sdk 1.3.0
// to a request without A2A-Version (docs/protocol.md#versions-headers-and-content-types).
const examples = {
  request01: {
    jsonrpc: '2.0',
    id: 'req-1',
    method: 'tasks/send',
    params: {
      id: 'task-1',
      sessionId: 's-1',
      message: { role: 'user', parts: [{ type: 'text', text: 'hello' }] },
    },
  },
  response01: {
    jsonrpc: '2.0',
    id: 'req-1',
    result: {
      id: 'task-1',
      sessionId: 's-1',
      status: { state: 'completed', timestamp: '2025-04-10T10:00:00Z' },
    },
  },
  request03: {
    jsonrpc: '2.0',
    id: 'r1',
    method: 'message/send',
    params: {
      message: {
        kind: 'message',
        messageId: 'm1',
        role: 'user',
        parts: [{ kind: 'text', text: 'summarise this' }],
      },
      configuration: { acceptedOutputModes: ['text/plain'], blocking: true, historyLength: 0 },
    },
  },
  response03: {
    jsonrpc: '2.0',
    id: 'r1',
    result: { kind: 'task', id: 't1', contextId: 'c1', status: { state: 'input-required' } },
  },
  push03: {
    jsonrpc: '2.0',
    id: 3,
    method: 'tasks/pushNotificationConfig/set',
    params: { taskId: 't1', pushNotificationConfig: { id: 'cfg1', url: 'https://client.example.com/hook' } },
  },
  taskNotFound03: { jsonrpc: '2.0', id: 4, error: { code: -32001, message: 'Task not found' } },
  request10: {
    jsonrpc: '2.0',
    id: 1,
    method: 'SendMessage',
    params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
  },
  response10: {
    jsonrpc: '2.0',
    id: 1,
    result: { task: { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_COMPLETED' } } },
  },
  versionNotSupported10: {
    jsonrpc: '2.0',
    id: 1,
    error: {
      code: -32009,
      message: "The requested A2A protocol version '0.3' is not supported. Supported versions: 1.0",
      data: [errorInfo('VERSION_NOT_SUPPORTED')],
    },
  },
  taskNotFound10: {
    jsonrpc: '2.0',
    id: 1,
    error: { code: -32001, message: 'Task not found', data: [errorInfo('TASK_NOT_FOUND')] },
  },
};

describe('clean envelopes', () => {
  const clean: [string, () => { findings: Finding[] }][] = [
    ['0.1 request', () => checkJsonRpcRequest(examples.request01, '0.1')],
    [
      '0.1 request without id',
      () => checkJsonRpcRequest({ jsonrpc: '2.0', method: 'tasks/get', params: {} }, '0.1'),
    ],
    [
      '0.1 response',
      () => checkJsonRpcResponse(examples.response01, { expectedId: 'req-1', generation: '0.1' }),
    ],
    ['0.3 request', () => checkJsonRpcRequest(examples.request03, '0.3')],
    ['0.3 push request', () => checkJsonRpcRequest(examples.push03, '0.3')],
    [
      '0.3 response',
      () => checkJsonRpcResponse(examples.response03, { expectedId: 'r1', generation: '0.3' }),
    ],
    ['0.3 error', () => checkJsonRpcResponse(examples.taskNotFound03, { expectedId: 4, generation: '0.3' })],
    ['1.0 request', () => checkJsonRpcRequest(examples.request10, '1.0')],
    ['1.0 response', () => checkJsonRpcResponse(examples.response10, { expectedId: 1, generation: '1.0' })],
    [
      '1.0 -32009',
      () => checkJsonRpcResponse(examples.versionNotSupported10, { expectedId: 1, generation: '1.0' }),
    ],
    ['1.0 -32001', () => checkJsonRpcResponse(examples.taskNotFound10, { generation: '1.0' })],
    [
      'parse error with id null',
      () =>
        checkJsonRpcResponse(
          { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Invalid JSON payload' } },
          { expectedId: 5, generation: '0.3' },
        ),
    ],
    [
      'invalid request with id null',
      () =>
        checkJsonRpcResponse(
          {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: 'Invalid request', data: { why: 'x' } },
          },
          { generation: '0.2' },
        ),
    ],
    [
      'result null',
      () => checkJsonRpcResponse({ jsonrpc: '2.0', id: 9, result: null }, { generation: '1.0' }),
    ],
    [
      'REST google.rpc.Status',
      () =>
        describeRestError(
          404,
          {
            error: {
              code: 404,
              status: 'NOT_FOUND',
              message: 'Task not found',
              details: [errorInfo('TASK_NOT_FOUND')],
            },
          },
          '1.0',
        ),
    ],
    [
      'REST problem+json',
      () =>
        describeRestError(
          404,
          {
            type: 'https://a2a-protocol.org/errors/task-not-found',
            title: 'Task Not Found',
            status: 404,
            detail: 'The specified task ID does not exist or is not accessible',
          },
          '1.0',
        ),
    ],
    [
      'REST @a2a-js/sdk 0.3',
      () => describeRestError(404, { code: -32001, message: 'Task not found' }, '0.3'),
    ],
    ['REST a2a-python 0.3', () => describeRestError(409, { message: 'Task cannot be canceled' }, '0.3')],
  ];
  it.each(clean)('%s has no findings', (_, run) => {
    expect(run().findings).toEqual([]);
  });
});

describe('classification of example envelopes of every generation', () => {
  it('classifies requests, notifications and responses', () => {
    expect(checkJsonRpcRequest(examples.request01, '0.1')).toMatchObject({
      kind: 'request',
      id: 'req-1',
      method: 'tasks/send',
    });
    expect(checkJsonRpcRequest({ jsonrpc: '2.0', method: 'tasks/get' }, '0.1')).toMatchObject({
      kind: 'notification',
    });
    expect(checkJsonRpcRequest(examples.request10, '1.0')).toMatchObject({
      kind: 'request',
      id: 1,
      method: 'SendMessage',
    });
    expect(checkJsonRpcResponse(examples.response10, { generation: '1.0' })).toMatchObject({
      kind: 'success',
      id: 1,
      result: examples.response10.result,
    });
  });

  it('names the 1.0 -32009 answer and reads its ErrorInfo reason', () => {
    const check = checkJsonRpcResponse(examples.versionNotSupported10, { expectedId: 1, generation: '1.0' });
    expect(check).toMatchObject({
      kind: 'error',
      id: 1,
      error: {
        code: -32009,
        message: "The requested A2A protocol version '0.3' is not supported. Supported versions: 1.0",
        data: examples.versionNotSupported10.error.data,
        name: 'VersionNotSupportedError',
        since: '1.0',
        reasons: ['VERSION_NOT_SUPPORTED'],
      },
    });
    expect(check.error?.meaning).toContain('A2A-Version: 1.0');
  });

  it('names -32001 as TaskNotFoundError in 0.3', () => {
    expect(checkJsonRpcResponse(examples.taskNotFound03, { generation: '0.3' }).error).toMatchObject({
      code: -32001,
      message: 'Task not found',
      name: 'TaskNotFoundError',
      reasons: [],
    });
  });

  it('names -32007 by generation: 0.1 prose vs 0.3 schema vs 1.0', () => {
    const response = { jsonrpc: '2.0', id: 1, error: { code: -32007, message: 'x' } };
    expect(checkJsonRpcResponse(response, { generation: '0.1' }).error?.name).toBe(
      'AuthenticationRequiredError',
    );
    expect(checkJsonRpcResponse(response, { generation: '0.3' }).error?.name).toBe(
      'AuthenticatedExtendedCardNotConfiguredError',
    );
    expect(checkJsonRpcResponse(response, { generation: '1.0' }).error?.name).toBe(
      'ExtendedAgentCardNotConfiguredError',
    );
    const in02 = checkJsonRpcResponse(response, { generation: '0.2' });
    expect(in02.error?.name).toBeUndefined();
    expect(in02.findings[0]?.message).toBe(
      'Error code -32007 is in the range A2A uses for its own errors, but A2A 0.2 does not define it. Other A2A ' +
        'generations use it: AuthenticationRequiredError in 0.1, AuthenticatedExtendedCardNotConfiguredError in 0.3, ' +
        'ExtendedAgentCardNotConfiguredError in 1.0; the agent may speak another version.',
    );
  });

  it('names every error @a2a-js/sdk 1.3.0 sends, over JSON-RPC and REST, without findings', () => {
    const cases: [new () => sdkErrors.A2AError, string][] = [
      [sdkErrors.TaskNotFoundError, 'TaskNotFoundError'],
      [sdkErrors.TaskNotCancelableError, 'TaskNotCancelableError'],
      [sdkErrors.PushNotificationNotSupportedError, 'PushNotificationNotSupportedError'],
      [sdkErrors.UnsupportedOperationError, 'UnsupportedOperationError'],
      [sdkErrors.ContentTypeNotSupportedError, 'ContentTypeNotSupportedError'],
      [sdkErrors.InvalidAgentResponseError, 'InvalidAgentResponseError'],
      [sdkErrors.ExtendedAgentCardNotConfiguredError, 'ExtendedAgentCardNotConfiguredError'],
      [sdkErrors.ExtensionSupportRequiredError, 'ExtensionSupportRequiredError'],
      [sdkErrors.VersionNotSupportedError, 'VersionNotSupportedError'],
      [sdkErrors.RequestMalformedError, 'InvalidParamsError'],
    ];
    for (const [ErrorClass, name] of cases) {
      const error = new ErrorClass();
      const rpc = checkJsonRpcResponse(
        { jsonrpc: '2.0', id: 'x', error: sdkErrors.toJsonRpcError(error) },
        { expectedId: 'x', generation: '1.0' },
      );
      expect(rpc, name).toMatchObject({ kind: 'error', findings: [], error: { name } });
      const status = sdkErrors.restStatusFor(error);
      const rest = describeRestError(status, sdkErrors.toRestErrorBody(error, status), '1.0');
      expect(rest, name).toMatchObject({
        format: 'google.rpc.Status',
        name,
        nameFrom: 'reason',
        findings: [],
      });
    }
    const internal = sdkErrors.toRestErrorBody(new Error('boom'), 500);
    const unnamed = describeRestError(500, internal, '1.0');
    expect(unnamed.name).toBeUndefined();
    expect(unnamed).toMatchObject({
      candidates: ['InvalidAgentResponseError', 'InternalError'],
      findings: [expect.objectContaining({ rule: 'rest.error-unnamed' })],
    });
  });
});

/** One fixture per rule; `ruleFixtures` must cover every rule id the module can emit. */
const ruleFixtures: [rule: string, check: () => { findings: Finding[] }, severity: Finding['severity']][] = [
  ['jsonrpc.not-object', () => checkJsonRpcRequest('tasks/send', '0.1'), 'error'],
  ['jsonrpc.batch', () => checkJsonRpcResponse([examples.response03], { generation: '0.3' }), 'error'],
  ['jsonrpc.version', () => checkJsonRpcRequest({ ...examples.request03, jsonrpc: '1.0' }, '0.3'), 'error'],
  ['jsonrpc.method', () => checkJsonRpcRequest({ jsonrpc: '2.0', id: 1, method: 7 }, '1.0'), 'error'],
  [
    'jsonrpc.id-missing',
    () => checkJsonRpcRequest({ jsonrpc: '2.0', method: 'message/send', params: {} }, '0.3'),
    'warning',
  ],
  ['jsonrpc.id-type', () => checkJsonRpcRequest({ ...examples.request03, id: { n: 1 } }, '0.3'), 'error'],
  ['jsonrpc.params-type', () => checkJsonRpcRequest({ ...examples.request10, params: 'hi' }, '1.0'), 'error'],
  [
    'jsonrpc.id-mismatch',
    () => checkJsonRpcResponse({ ...examples.response03, id: 'r2' }, { expectedId: 'r1', generation: '0.3' }),
    'error',
  ],
  [
    'jsonrpc.result-and-error',
    () => checkJsonRpcResponse({ ...examples.taskNotFound03, result: {} }, { generation: '0.3' }),
    'error',
  ],
  [
    'jsonrpc.neither-result-nor-error',
    () => checkJsonRpcResponse({ jsonrpc: '2.0', id: 1 }, { generation: '0.3' }),
    'error',
  ],
  [
    'jsonrpc.error-shape',
    () =>
      checkJsonRpcResponse(
        { jsonrpc: '2.0', id: 4, error: { code: '-32001', message: 'x' } },
        { generation: '0.3' },
      ),
    'error',
  ],
  [
    'jsonrpc.unknown-code',
    () =>
      checkJsonRpcResponse(
        { jsonrpc: '2.0', id: 4, error: { code: -32050, message: 'x' } },
        { generation: '0.3' },
      ),
    'warning',
  ],
  [
    'jsonrpc.error-data',
    () =>
      checkJsonRpcResponse(
        { jsonrpc: '2.0', id: 4, error: { code: -32001, message: 'x', data: 'gone' } },
        { generation: '1.0' },
      ),
    'warning',
  ],
  [
    'jsonrpc.reason-mismatch',
    () =>
      checkJsonRpcResponse(
        {
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32001, message: 'x', data: [errorInfo('VERSION_NOT_SUPPORTED')] },
        },
        { generation: '1.0' },
      ),
    'warning',
  ],
  [
    'rest.status-mismatch',
    () =>
      describeRestError(
        404,
        {
          error: {
            code: 404,
            status: 'NOT_FOUND',
            message: 'x',
            details: [errorInfo('TASK_NOT_CANCELABLE')],
          },
        },
        '1.0',
      ),
    'warning',
  ],
  [
    'rest.error-shape',
    () => describeRestError(404, { error: { code: 404, message: 'x', details: {} } }, '1.0'),
    'warning',
  ],
  [
    'rest.error-unrecognised',
    () => describeRestError(413, '<html>Payload Too Large</html>', '1.0'),
    'warning',
  ],
  [
    'rest.error-unnamed',
    () => describeRestError(400, { error: { code: 400, message: 'bad' } }, '1.0'),
    'info',
  ],
];

describe('rules', () => {
  it('has a fixture for every rule the modules emit', () => {
    const source = ['jsonRpc.ts', 'restErrors.ts', 'errorFindings.ts']
      .map((file) => readFileSync(`shared/wire/${file}`, 'utf8'))
      .join('\n');
    const emitted = new Set([...source.matchAll(/'((?:jsonrpc|rest)\.[a-z-]+)'/g)].map((m) => m[1]));
    expect(new Set(ruleFixtures.map(([rule]) => rule))).toEqual(emitted);
  });

  it.each(ruleFixtures)('%s is triggered by its fixture', (rule, check, severity) => {
    const findings = check().findings.filter((f) => f.rule === rule);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]?.severity).toBe(severity);
    for (const finding of check().findings) {
      expect(finding.message).toMatch(/^[A-Z"@<(-]|^\d/);
      expect(finding.spec).toBeTruthy();
    }
  });
});

describe('request details', () => {
  it('flags the version: missing (a warning in 0.1, whose schema defaults it) or wrong', () => {
    const { jsonrpc: _, ...noVersion } = examples.request03;
    expect(checkJsonRpcRequest(noVersion, '0.3').findings).toEqual([
      expect.objectContaining({ rule: 'jsonrpc.version', severity: 'error', pointer: '/jsonrpc' }),
    ]);
    const { jsonrpc: __, ...noVersion01 } = examples.request01;
    expect(checkJsonRpcRequest(noVersion01, '0.1').findings).toEqual([
      expect.objectContaining({ rule: 'jsonrpc.version', severity: 'warning' }),
    ]);
    expect(checkJsonRpcRequest({ ...examples.request03, jsonrpc: 2 }, '0.3').findings[0]?.message).toBe(
      '"jsonrpc" is 2 but must be exactly the string "2.0".',
    );
  });

  it('checks the id type', () => {
    const withId = (id: unknown) => checkJsonRpcRequest({ ...examples.request03, id }, '0.3');
    expect(withId(7)).toMatchObject({ kind: 'request', id: 7, findings: [] });
    expect(withId(1.5)).toMatchObject({
      kind: 'request',
      id: 1.5,
      findings: [{ rule: 'jsonrpc.id-type', severity: 'warning' }],
    });
    expect(withId(null)).toMatchObject({
      kind: 'request',
      id: null,
      findings: [{ rule: 'jsonrpc.id-type', severity: 'warning' }],
    });
    const bad = withId(true);
    expect(bad.kind).toBe('invalid');
    expect(bad.id).toBeUndefined();
    expect(bad.findings[0]?.message).toBe(
      'The request id is a boolean (true); it must be a string, a number or null.',
    );
  });

  it('treats a missing id as a notification, flagged from 0.2 on', () => {
    const request = { jsonrpc: '2.0', method: 'tasks/get', params: { id: 't' } };
    expect(checkJsonRpcRequest(request, '0.1')).toMatchObject({ kind: 'notification', findings: [] });
    expect(checkJsonRpcRequest(request, '0.2')).toMatchObject({
      kind: 'notification',
      findings: [{ rule: 'jsonrpc.id-missing' }],
    });
  });

  it('recognises a response sent where a request was expected', () => {
    const check = checkJsonRpcRequest(examples.response03, '0.3');
    expect(check.kind).toBe('invalid');
    expect(check.findings[0]?.message).toBe('The request has no "method"; it looks like a response.');
  });

  it('warns about positional params', () => {
    expect(checkJsonRpcRequest({ ...examples.request10, params: [1] }, '1.0').findings).toEqual([
      expect.objectContaining({ rule: 'jsonrpc.params-type', severity: 'warning' }),
    ]);
  });

  it('says what a batch or a non-object is', () => {
    expect(checkJsonRpcRequest([], '1.0')).toMatchObject({
      kind: 'invalid',
      findings: [{ rule: 'jsonrpc.batch' }],
    });
    expect(checkJsonRpcRequest(null, '1.0').findings[0]?.message).toBe(
      'The request is null, not a JSON-RPC object with "jsonrpc": "2.0".',
    );
  });
});

describe('response details', () => {
  const expectMismatch = (check: JsonRpcCheck, message: string, severity = 'error') => {
    expect(check.findings).toEqual([
      expect.objectContaining({ rule: 'jsonrpc.id-mismatch', severity, message }),
    ]);
  };

  it('keeps a mismatched id and says whether only the type differs', () => {
    const stringForNumber = checkJsonRpcResponse(
      { ...examples.response10, id: '1' },
      { expectedId: 1, generation: '1.0' },
    );
    expect(stringForNumber).toMatchObject({ kind: 'success', id: '1' });
    expectMismatch(
      stringForNumber,
      'The response id "1" does not match the request id 1: same digits, but a different type. JSON-RPC requires the same value and type.',
    );
    expectMismatch(
      checkJsonRpcResponse({ ...examples.response10, id: 2 }, { expectedId: 1, generation: '1.0' }),
      'The response id 2 does not match the request id 1. The response may belong to another request.',
    );
  });

  it('accepts id null only for errors about unreadable requests', () => {
    const error = (code: number) => ({ jsonrpc: '2.0', id: null, error: { code, message: 'x' } });
    expect(checkJsonRpcResponse(error(-32700), { expectedId: 1, generation: '0.3' }).findings).toEqual([]);
    expect(checkJsonRpcResponse(error(-32600), { expectedId: 1, generation: '0.3' }).findings).toEqual([]);
    expectMismatch(
      checkJsonRpcResponse(error(-32601), { expectedId: 1, generation: '0.3' }),
      'The response id is null, which JSON-RPC reserves for errors about requests whose id could not be read ' +
        '(-32700, -32600), not -32601. The request id was 1.',
      'warning',
    );
    expect(
      checkJsonRpcResponse({ jsonrpc: '2.0', id: null, result: {} }, { generation: '0.3' }).findings,
    ).toEqual([
      expect.objectContaining({
        rule: 'jsonrpc.id-type',
        message: 'The response id is null, so this result cannot be matched to its request.',
      }),
    ]);
    expect(
      checkJsonRpcResponse({ jsonrpc: '2.0', id: null, result: {} }, { expectedId: null, generation: '0.3' })
        .findings,
    ).toEqual([]);
  });

  it('requires an id in every response', () => {
    const check = checkJsonRpcResponse({ jsonrpc: '2.0', result: {} }, { generation: '1.0' });
    expect(check).toMatchObject({
      kind: 'success',
      findings: [{ rule: 'jsonrpc.id-missing', severity: 'error' }],
    });
    expect(check.id).toBeUndefined();
  });

  it('keeps both result and error when a response has both', () => {
    const check = checkJsonRpcResponse(
      { ...examples.taskNotFound03, result: { ok: 1 } },
      { generation: '0.3' },
    );
    expect(check).toMatchObject({ kind: 'invalid', result: { ok: 1 }, error: { name: 'TaskNotFoundError' } });
  });

  it('says when a response looks like a request', () => {
    const check = checkJsonRpcResponse(examples.request03, { generation: '0.3' });
    expect(check.findings.map((f) => f.message)).toContain(
      'The response has neither "result" nor "error"; it must have exactly one. It has a "method", so it looks like a request.',
    );
  });

  it('checks the error shape member by member', () => {
    const shape = (error: unknown) =>
      checkJsonRpcResponse({ jsonrpc: '2.0', id: 1, error }, { generation: '0.3' }).findings.map((f) => [
        f.pointer,
        f.message,
      ]);
    expect(shape('oops')).toEqual([
      ['/error', '"error" is a string; it must be an object with an integer "code" and a string "message".'],
    ]);
    expect(shape({ code: 1.5, message: 'x' })).toEqual([
      ['/error/code', 'The error code is a number (1.5); it must be an integer.'],
    ]);
    expect(shape({ code: -32001 })).toEqual([
      ['/error/message', 'The error has no "message"; it must have a short description as a string.'],
    ]);
    expect(shape({ message: 3 })).toEqual([
      ['/error/code', 'The error has no "code"; it must have an integer code.'],
      ['/error/message', 'The error message is a number; it must be a string.'],
    ]);
  });

  it('explains unknown codes by range and by other generations', () => {
    const message = (code: number, generation: '0.3' | '1.0') =>
      checkJsonRpcResponse({ jsonrpc: '2.0', id: 1, error: { code, message: 'x' } }, { generation })
        .findings[0];
    expect(message(-32009, '0.3')).toMatchObject({
      rule: 'jsonrpc.unknown-code',
      severity: 'warning',
      message:
        'Error code -32009 is in the range A2A uses for its own errors, but A2A 0.3 does not define it. Other A2A ' +
        'generations use it: InvalidTaskStateError in 0.1, VersionNotSupportedError in 1.0; the agent may speak another version.',
    });
    expect(message(-32150, '1.0')).toMatchObject({
      severity: 'warning',
      message:
        'Error code -32150 is in the range JSON-RPC reserves for its predefined errors, but it is none of them.',
    });
    expect(message(42, '1.0')).toMatchObject({
      severity: 'info',
      message: 'Error code 42 is application-defined: it is not an A2A 1.0 or JSON-RPC error code.',
    });
  });

  it('checks 1.0 error data items and leaves ≤0.3 data free-form', () => {
    const withData = (data: unknown, generation: '0.3' | '1.0') =>
      checkJsonRpcResponse(
        { jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'x', data } },
        { generation },
      );
    expect(withData({ detail: 'free' }, '0.3').findings).toEqual([]);
    expect(withData([{ reason: 'TASK_NOT_FOUND' }, 'x'], '1.0').findings.map((f) => f.pointer)).toEqual([
      '/error/data/0',
      '/error/data/1',
    ]);
    expect(
      withData([{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [] }], '1.0')
        .findings,
    ).toEqual([]);
  });

  it('flags a reason that contradicts the code, in the A2A domain only', () => {
    const check = checkJsonRpcResponse(
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32001, message: 'x', data: [errorInfo('VERSION_NOT_SUPPORTED')] },
      },
      { generation: '1.0' },
    );
    expect(check.error?.reasons).toEqual(['VERSION_NOT_SUPPORTED']);
    expect(check.findings).toEqual([
      {
        rule: 'jsonrpc.reason-mismatch',
        severity: 'warning',
        message:
          'Error code -32001 means TaskNotFoundError, but the ErrorInfo reason VERSION_NOT_SUPPORTED means ' +
          'VersionNotSupportedError (code -32009). Clients reading the code and clients reading the reason will disagree.',
        pointer: '/error/data/0/reason',
        spec: 'A2A 1.0 §9.5 Error Handling',
        specUrl: 'https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#95-error-handling',
      },
    ]);
    const otherDomain = { ...errorInfo('VERSION_NOT_SUPPORTED'), domain: 'example.com' };
    expect(
      checkJsonRpcResponse(
        { jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'x', data: [otherDomain] } },
        { generation: '1.0' },
      ).findings,
    ).toEqual([]);
  });

  it('reads ErrorInfo reasons from an array or a single object', () => {
    expect(errorInfoReasonsIn([{ foo: 1 }, errorInfo('TASK_NOT_FOUND')])).toEqual([
      { reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org', index: 1 },
    ]);
    expect(errorInfoReasonsIn({ reason: 'X' })).toEqual([{ reason: 'X', index: 0 }]);
    expect(
      errorInfoReasonsIn([{ '@type': 'type.googleapis.com/google.rpc.BadRequest', reason: 'X' }]),
    ).toEqual([]);
    expect(errorInfoReasonsIn(undefined)).toEqual([]);
  });
});

describe('describeRestError', () => {
  it('reads 1.0 google.rpc.Status bodies by their reason', () => {
    expect(
      describeRestError(
        400,
        {
          error: {
            code: 400,
            status: 'FAILED_PRECONDITION',
            message: 'Version not supported',
            details: [errorInfo('VERSION_NOT_SUPPORTED')],
          },
        },
        '1.0',
      ),
    ).toEqual({
      status: 400,
      format: 'google.rpc.Status',
      name: 'VersionNotSupportedError',
      meaning: expect.stringContaining('protocol version') as unknown,
      nameFrom: 'reason',
      candidates: [],
      message: 'Version not supported',
      grpcStatus: 'FAILED_PRECONDITION',
      reasons: ['VERSION_NOT_SUPPORTED'],
      findings: [],
    });
  });

  it('flags a status that does not fit the named error or the body', () => {
    const check = describeRestError(
      404,
      {
        error: { code: 400, status: 'NOT_FOUND', message: 'x', details: [errorInfo('TASK_NOT_CANCELABLE')] },
      },
      '1.0',
    );
    expect(check.name).toBe('TaskNotCancelableError');
    expect(check.findings.map((f) => f.message)).toEqual([
      'The body says code 400 but the HTTP status is 404; in A2A 1.0 "error.code" repeats the HTTP status.',
      'TaskNotCancelableError should come with HTTP 400, not 404.',
      'TaskNotCancelableError should have status "FAILED_PRECONDITION", not "NOT_FOUND".',
    ]);
  });

  it('names from the status when only one error uses it', () => {
    expect(describeRestError(404, { error: { code: 404, message: 'gone' } }, '1.0')).toMatchObject({
      name: 'TaskNotFoundError',
      nameFrom: 'status',
      findings: [],
    });
    expect(describeRestError(401, { error: { code: 401, message: 'no' } }, '1.0')).toMatchObject({
      name: 'Unauthenticated',
      meaning: expect.stringContaining('credentials') as unknown,
    });
    const ambiguous = describeRestError(400, { error: { code: 400, message: 'bad' } }, '1.0');
    expect(ambiguous.name).toBeUndefined();
    expect(ambiguous).toMatchObject({
      candidates: expect.arrayContaining(['TaskNotCancelableError', 'VersionNotSupportedError']) as unknown,
    });
  });

  it('reads problem+json type URIs', () => {
    const body = {
      type: 'https://a2a-protocol.org/errors/extended-agent-card-not-configured',
      title: 'No card',
      status: 400,
    };
    expect(describeRestError(400, body, '1.0')).toMatchObject({
      format: 'problem+json',
      name: 'ExtendedAgentCardNotConfiguredError',
      nameFrom: 'type',
      message: 'No card',
      findings: [],
    });
    expect(describeRestError(404, { ...body, status: 400 }, '1.0').findings.map((f) => f.rule)).toEqual([
      'rest.status-mismatch',
      'rest.status-mismatch',
    ]);
  });

  it('reads the 0.3 SDK bodies', () => {
    expect(describeRestError(404, { code: -32001, message: 'Task not found' }, '0.3')).toMatchObject({
      format: 'a2a-js-0.3',
      code: -32001,
      name: 'TaskNotFoundError',
      nameFrom: 'code',
    });
    expect(describeRestError(500, { code: -32001, message: 'Task not found' }, '0.3').findings).toEqual([
      expect.objectContaining({
        rule: 'rest.status-mismatch',
        severity: 'info',
        message: '@a2a-js/sdk 0.3 sends code -32001 with HTTP 404, this agent used 500.',
      }),
    ]);
    expect(describeRestError(422, { message: 'bad params' }, '0.3')).toMatchObject({
      format: 'a2a-python-0.3',
      name: 'InvalidParamsError',
      nameFrom: 'status',
      message: 'bad params',
    });
    const ambiguous = describeRestError(404, { message: 'Task not found' }, '0.3');
    expect(ambiguous.name).toBeUndefined();
    expect(ambiguous).toMatchObject({
      candidates: ['MethodNotFoundError', 'TaskNotFoundError', 'AuthenticatedExtendedCardNotConfiguredError'],
    });
    expect(ambiguous.findings[0]?.message).toBe(
      'The error cannot be named exactly: the body has no A2A reason, and HTTP 404 is used for MethodNotFoundError, ' +
        'TaskNotFoundError, AuthenticatedExtendedCardNotConfiguredError.',
    );
  });

  it('says when a body is no known error shape', () => {
    const check = describeRestError(413, '<html>Payload Too Large</html>', '1.0');
    expect(check).toMatchObject({ format: 'unrecognised', candidates: [] });
    expect(check.name).toBeUndefined();
    expect(check.findings[0]?.message).toBe(
      'The HTTP 413 body is not a known A2A error shape (google.rpc.Status {"error":{…}}, problem+json, or the ' +
        '0.3 SDKs\' {"code","message"} / {"message"}).',
    );
    expect(describeRestError(404, undefined, '1.0').findings[0]?.message).toContain(
      'The status suggests TaskNotFoundError.',
    );
  });
});
