// Encoding every operation for every generation × binding, checked against the wire facts of
// docs/protocol.md#operations-and-bindings and docs/protocol.md#versions-headers-and-content-types.

import { describe, expect, it } from 'vitest';
import type {
  EncodeContext,
  EncodedRequest,
  Operation,
  OperationInputs,
} from '../../../../shared/a2a/adapter';
import { operations } from '../../../../shared/a2a/adapter';
import { adapters, findAdapter } from '../../../../shared/a2a/adapters';
import type { Binding, Generation } from '../../../../shared/a2a/generation';

let counter = 0;
const context = (overrides: Partial<EncodeContext> = {}): EncodeContext => ({
  endpoint: 'http://127.0.0.1:9/a2a/api',
  requestId: 7,
  newId: () => `id-${++counter}`,
  ...overrides,
});

const inputs: OperationInputs = {
  send: {
    message: {
      parts: [
        { kind: 'text', text: 'hello' },
        { kind: 'file', name: 'a.txt', mediaType: 'text/plain', bytes: 'aGk=' },
        { kind: 'data', data: { k: [1, 2] } },
      ],
      contextId: 'c1',
    },
    blocking: true,
    acceptedOutputModes: ['text/plain'],
  },
  stream: { message: { parts: [{ kind: 'text', text: 'hi' }] }, blocking: false },
  get: { taskId: 't/1', historyLength: 2 },
  list: { contextId: 'c1', pageSize: 20 },
  cancel: { taskId: 't1' },
  subscribe: { taskId: 't1' },
  pushConfigSet: {
    taskId: 't1',
    config: {
      id: 'cfg1',
      url: 'http://127.0.0.1:9/hook',
      token: 'tok',
      authSchemes: ['Bearer'],
      credentials: 'abc',
    },
  },
  pushConfigGet: { taskId: 't1', configId: 'cfg1' },
  pushConfigList: { taskId: 't1' },
  pushConfigDelete: { taskId: 't1', configId: 'cfg1' },
  extendedCard: {},
};

function encode<O extends Operation>(
  generation: Generation,
  binding: Binding,
  operation: O,
  ctx = context(),
): EncodedRequest {
  const adapter = findAdapter(generation, binding);
  if (!adapter) throw new Error(`no adapter ${generation} ${binding}`);
  const result = adapter.encode(operation, inputs[operation], ctx);
  if (!result.ok) throw new Error(result.reason);
  return result.request;
}

const body = (request: EncodedRequest) => JSON.parse(request.body ?? 'null') as Record<string, unknown>;
const header = (request: EncodedRequest, name: string) =>
  request.headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

describe('every adapter', () => {
  for (const adapter of adapters) {
    for (const operation of operations) {
      const label = `${adapter.generation} ${adapter.binding} ${operation}`;
      it(`${label}: ${adapter.supports.has(operation) ? 'encodes' : 'refuses with a reason'}`, () => {
        const result = adapter.encode(operation, inputs[operation], context());
        if (!adapter.supports.has(operation)) {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.reason).toMatch(/has no|no way/);
          return;
        }
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.request.url.startsWith('http://127.0.0.1:9/')).toBe(true);
        expect(result.request.streaming).toBe(operation === 'stream' || operation === 'subscribe');
        if (result.request.body !== undefined) expect(() => JSON.parse(result.request.body!)).not.toThrow();
        if (adapter.generation === '1.0') expect(header(result.request, 'A2A-Version')).toBe('1.0');
        else expect(header(result.request, 'A2A-Version')).toBeUndefined();
        // A gRPC stream is a server-streaming call, not an event stream.
        if (result.request.streaming && adapter.binding !== 'GRPC')
          expect(header(result.request, 'Accept')).toBe('text/event-stream');
        if (adapter.binding === 'GRPC') expect(header(result.request, 'Accept')).toBeUndefined();
      });
    }
  }
});

describe('0.1 JSON-RPC', () => {
  it('sends tasks/send with a client-made task id, sessionId and `type` parts', () => {
    const request = encode('0.1', 'JSONRPC', 'send');
    const envelope = body(request);
    expect(envelope).toMatchObject({ jsonrpc: '2.0', id: 7, method: 'tasks/send' });
    const params = envelope.params as Record<string, unknown>;
    expect(params.id).toMatch(/^id-/);
    expect(params.sessionId).toBe('c1');
    expect(params.message).toEqual({
      role: 'user',
      parts: [
        { type: 'text', text: 'hello' },
        { type: 'file', file: { name: 'a.txt', mimeType: 'text/plain', bytes: 'aGk=' } },
        { type: 'data', data: { k: [1, 2] } },
      ],
    });
    expect(params).not.toHaveProperty('configuration');
  });

  it('uses the 0.1 method names', () => {
    expect(body(encode('0.1', 'JSONRPC', 'stream')).method).toBe('tasks/sendSubscribe');
    expect(body(encode('0.1', 'JSONRPC', 'pushConfigSet'))).toMatchObject({
      method: 'tasks/pushNotification/set',
      params: {
        id: 't1',
        pushNotificationConfig: {
          url: 'http://127.0.0.1:9/hook',
          token: 'tok',
          authentication: { schemes: ['Bearer'], credentials: 'abc' },
        },
      },
    });
  });

  it('sends no extension header: 0.1 has none', () => {
    expect(
      encode('0.1', 'JSONRPC', 'send', context({ extensions: ['urn:x'] })).headers.map(([k]) => k),
    ).not.toContain('X-A2A-Extensions');
  });
});

describe('0.2 and 0.3 JSON-RPC', () => {
  for (const generation of ['0.2', '0.3'] as const) {
    it(`${generation}: message/send with kind parts, a messageId and blocking always explicit`, () => {
      const params = body(encode(generation, 'JSONRPC', 'send')).params as Record<string, unknown>;
      expect(params.message).toMatchObject({
        kind: 'message',
        role: 'user',
        contextId: 'c1',
        messageId: expect.stringMatching(/^id-/),
      });
      expect((params.message as { parts: unknown[] }).parts).toEqual([
        { kind: 'text', text: 'hello' },
        { kind: 'file', file: { name: 'a.txt', mimeType: 'text/plain', bytes: 'aGk=' } },
        { kind: 'data', data: { k: [1, 2] } },
      ]);
      expect(params.configuration).toEqual({ acceptedOutputModes: ['text/plain'], blocking: true });
      expect(
        (body(encode(generation, 'JSONRPC', 'stream')).params as { configuration: unknown }).configuration,
      ).toEqual({ blocking: false });
    });

    it(`${generation}: X-A2A-Extensions carries the extensions`, () => {
      const request = encode(generation, 'JSONRPC', 'send', context({ extensions: ['urn:a', 'urn:b'] }));
      expect(header(request, 'X-A2A-Extensions')).toBe('urn:a,urn:b');
    });

    it(`${generation}: push config methods`, () => {
      expect(body(encode(generation, 'JSONRPC', 'pushConfigSet'))).toMatchObject({
        method: 'tasks/pushNotificationConfig/set',
        params: { taskId: 't1', pushNotificationConfig: { id: 'cfg1', url: 'http://127.0.0.1:9/hook' } },
      });
      expect(body(encode(generation, 'JSONRPC', 'pushConfigDelete'))).toMatchObject({
        method: 'tasks/pushNotificationConfig/delete',
        params: { id: 't1', pushNotificationConfigId: 'cfg1' },
      });
    });
  }

  it('0.2 fetches the extended card with a plain GET beside the endpoint; 0.3 over JSON-RPC', () => {
    const plain = encode('0.2', 'JSONRPC', 'extendedCard');
    expect([plain.method, plain.url, plain.rpc]).toEqual([
      'GET',
      'http://127.0.0.1:9/a2a/agent/authenticatedExtendedCard',
      undefined,
    ]);
    expect(body(encode('0.3', 'JSONRPC', 'extendedCard'))).toEqual({
      jsonrpc: '2.0',
      id: 7,
      method: 'agent/getAuthenticatedExtendedCard',
    });
  });
});

describe('0.3 HTTP+JSON', () => {
  it('posts ProtoJSON to /v1/message:send with parts in `content`', () => {
    const request = encode('0.3', 'HTTP+JSON', 'send');
    expect([request.method, request.url]).toEqual(['POST', 'http://127.0.0.1:9/a2a/api/v1/message:send']);
    expect(body(request)).toEqual({
      message: {
        messageId: expect.stringMatching(/^id-/),
        role: 'ROLE_USER',
        content: [
          { text: 'hello' },
          { file: { fileWithBytes: 'aGk=', mimeType: 'text/plain' } },
          { data: { data: { k: [1, 2] } } },
        ],
        contextId: 'c1',
      },
      configuration: { acceptedOutputModes: ['text/plain'], blocking: true },
    });
  });

  it('maps task operations to /v1 paths', () => {
    expect(encode('0.3', 'HTTP+JSON', 'get').url).toBe(
      'http://127.0.0.1:9/a2a/api/v1/tasks/t%2F1?historyLength=2',
    );
    expect(encode('0.3', 'HTTP+JSON', 'cancel').url).toBe('http://127.0.0.1:9/a2a/api/v1/tasks/t1:cancel');
    expect(encode('0.3', 'HTTP+JSON', 'subscribe')).toMatchObject({
      method: 'GET',
      url: 'http://127.0.0.1:9/a2a/api/v1/tasks/t1:subscribe',
    });
    expect(encode('0.3', 'HTTP+JSON', 'extendedCard')).toMatchObject({
      method: 'GET',
      url: 'http://127.0.0.1:9/a2a/api/v1/card',
    });
    expect(encode('0.3', 'HTTP+JSON', 'pushConfigDelete')).toMatchObject({
      method: 'DELETE',
      url: 'http://127.0.0.1:9/a2a/api/v1/tasks/t1/pushNotificationConfigs/cfg1',
    });
  });

  it('creates a push config with a body both SDK readings accept: the create request and the bare resource', () => {
    const resource = {
      name: 'tasks/t1/pushNotificationConfigs/cfg1',
      pushNotificationConfig: {
        id: 'cfg1',
        url: 'http://127.0.0.1:9/hook',
        token: 'tok',
        authentication: { schemes: ['Bearer'], credentials: 'abc' },
      },
    };
    expect(body(encode('0.3', 'HTTP+JSON', 'pushConfigSet'))).toEqual({
      parent: 'tasks/t1',
      configId: 'cfg1',
      config: resource,
      ...resource,
    });
  });
});

describe('1.0', () => {
  it('JSON-RPC SendMessage with parts, returnImmediately (inverted blocking) and the version header', () => {
    const request = encode('1.0', 'JSONRPC', 'send');
    expect(header(request, 'A2A-Version')).toBe('1.0');
    expect(body(request)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      method: 'SendMessage',
      params: {
        message: {
          messageId: expect.stringMatching(/^id-/),
          role: 'ROLE_USER',
          parts: [
            { text: 'hello' },
            { raw: 'aGk=', filename: 'a.txt', mediaType: 'text/plain' },
            { data: { k: [1, 2] } },
          ],
          contextId: 'c1',
        },
        configuration: { acceptedOutputModes: ['text/plain'], returnImmediately: false },
      },
    });
    expect(
      (body(encode('1.0', 'JSONRPC', 'stream')).params as { configuration: unknown }).configuration,
    ).toEqual({ returnImmediately: true });
  });

  it('JSON-RPC method names, including the plural list', () => {
    const names = operations.map((op) => body(encode('1.0', 'JSONRPC', op)).method);
    expect(names).toEqual([
      'SendMessage',
      'SendStreamingMessage',
      'GetTask',
      'ListTasks',
      'CancelTask',
      'SubscribeToTask',
      'CreateTaskPushNotificationConfig',
      'GetTaskPushNotificationConfig',
      'ListTaskPushNotificationConfigs',
      'DeleteTaskPushNotificationConfig',
      'GetExtendedAgentCard',
    ]);
  });

  it('JSON-RPC copies the tenant into params; REST puts it in the path', () => {
    expect(
      (body(encode('1.0', 'JSONRPC', 'get', context({ tenant: 'acme' }))).params as { tenant: string })
        .tenant,
    ).toBe('acme');
    const rest = encode('1.0', 'HTTP+JSON', 'get', context({ tenant: 'acme' }));
    expect(rest.url).toBe('http://127.0.0.1:9/a2a/api/acme/tasks/t%2F1?historyLength=2');
  });

  it('REST paths have no /v1 and bodies are application/a2a+json', () => {
    const send = encode('1.0', 'HTTP+JSON', 'send');
    expect([send.method, send.url, header(send, 'Content-Type')]).toEqual([
      'POST',
      'http://127.0.0.1:9/a2a/api/message:send',
      'application/a2a+json',
    ]);
    expect(encode('1.0', 'HTTP+JSON', 'list').url).toBe(
      'http://127.0.0.1:9/a2a/api/tasks?contextId=c1&pageSize=20',
    );
    expect(encode('1.0', 'HTTP+JSON', 'extendedCard').url).toBe(
      'http://127.0.0.1:9/a2a/api/extendedAgentCard',
    );
    expect(body(encode('1.0', 'HTTP+JSON', 'pushConfigSet'))).toEqual({
      taskId: 't1',
      id: 'cfg1',
      url: 'http://127.0.0.1:9/hook',
      token: 'tok',
      authentication: { scheme: 'Bearer', credentials: 'abc' },
    });
  });

  it('A2A-Extensions without the X- prefix', () => {
    expect(
      header(encode('1.0', 'JSONRPC', 'send', context({ extensions: ['urn:a'] })), 'A2A-Extensions'),
    ).toBe('urn:a');
  });
});
