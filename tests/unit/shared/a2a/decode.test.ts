// Decoding answers, stream events and push bodies of every generation into the normalized model, on the examples of
// docs/protocol.md and on the tolerance rules of docs/protocol.md#data-model and
// docs/protocol.md#what-breaks-naive-clients. Unknown fields survive in `wire`.

import { describe, expect, it } from 'vitest';
import type { EncodedRequest, ResponseInput } from '../../../../shared/a2a/adapter';
import { findAdapter } from '../../../../shared/a2a/adapters';
import type { Binding, Generation } from '../../../../shared/a2a/generation';
import type { OperationResult, StreamItem } from '../../../../shared/a2a/model';

function request(
  generation: Generation,
  binding: Binding,
  operation: 'send' | 'stream' | 'get' | 'list' | 'pushConfigList' | 'pushConfigDelete' | 'cancel' = 'send',
): EncodedRequest {
  const adapter = findAdapter(generation, binding)!;
  const input =
    operation === 'send' || operation === 'stream'
      ? { message: { parts: [{ kind: 'text' as const, text: 'hi' }] }, blocking: true }
      : operation === 'list'
        ? {}
        : { taskId: 't1', configId: 'cfg1' };
  const result = adapter.encode(operation, input as never, {
    endpoint: 'http://127.0.0.1:9/',
    requestId: 1,
    newId: () => 'x',
  });
  if (!result.ok) throw new Error(result.reason);
  return result.request;
}

const json = (body: unknown, status = 200, type = 'application/json'): ResponseInput => ({
  status,
  headers: [['Content-Type', type]],
  bodyText: typeof body === 'string' ? body : JSON.stringify(body),
});

function result(
  generation: Generation,
  binding: Binding,
  body: unknown,
  operation: Parameters<typeof request>[2] = 'send',
  status = 200,
): OperationResult {
  const decoded = findAdapter(generation, binding)!.decodeResponse(
    request(generation, binding, operation),
    json(body, status),
  );
  if (decoded.kind !== 'result')
    throw new Error(`expected a result, got ${decoded.kind}: ${JSON.stringify(decoded.findings)}`);
  return decoded.result;
}

function streamItem(generation: Generation, binding: Binding, data: unknown): StreamItem {
  const decoded = findAdapter(generation, binding)!.decodeStreamEvent(
    request(generation, binding, 'stream'),
    JSON.stringify(data),
    false,
  );
  if (decoded.kind !== 'item') throw new Error(`expected an item, got ${decoded.kind}`);
  return decoded.item;
}

describe('0.1', () => {
  it('decodes a 0.1 tasks/send answer', () => {
    const task = result('0.1', 'JSONRPC', {
      jsonrpc: '2.0',
      id: 1,
      result: {
        id: 'task-1',
        sessionId: 's-1',
        status: { state: 'completed', timestamp: '2025-04-10T10:00:00Z' },
        artifacts: [{ parts: [{ type: 'text', text: 'hello' }], index: 0 }],
      },
    });
    expect(task.type).toBe('task');
    if (task.type !== 'task') return;
    expect(task.task).toMatchObject({
      id: 'task-1',
      contextId: 's-1',
      status: { state: 'completed', stateWire: 'completed' },
    });
    expect(task.task.artifacts[0]).toMatchObject({ index: 0, parts: [{ kind: 'text', text: 'hello' }] });
  });

  it('tells status and artifact events apart by their member', () => {
    const status = streamItem('0.1', 'JSONRPC', {
      jsonrpc: '2.0',
      id: 1,
      result: { id: 't', status: { state: 'working' }, final: false },
    });
    expect(status).toMatchObject({
      kind: 'status-update',
      update: { taskId: 't', final: false, status: { state: 'working' } },
    });
    const artifact = streamItem('0.1', 'JSONRPC', {
      jsonrpc: '2.0',
      id: 1,
      result: { id: 't', artifact: { parts: [], index: 2, append: true, lastChunk: true } },
    });
    expect(artifact).toMatchObject({
      kind: 'artifact-update',
      update: { append: true, lastChunk: true, artifact: { index: 2 } },
    });
  });

  it('names error codes with 0.1 meanings', () => {
    const decoded = findAdapter('0.1', 'JSONRPC')!.decodeResponse(
      request('0.1', 'JSONRPC'),
      json({ jsonrpc: '2.0', id: 1, error: { code: -32007, message: 'auth' } }),
    );
    expect(decoded).toMatchObject({
      kind: 'error',
      error: { code: -32007, name: 'AuthenticationRequiredError' },
    });
  });
});

describe('0.2 / 0.3 JSON-RPC', () => {
  const inputRequired = {
    jsonrpc: '2.0',
    id: 1,
    result: {
      kind: 'task',
      id: 't1',
      contextId: 'c1',
      status: {
        state: 'input-required',
        message: {
          kind: 'message',
          messageId: 'm2',
          role: 'agent',
          parts: [{ kind: 'text', text: 'Which pages?' }],
          taskId: 't1',
          contextId: 'c1',
        },
        timestamp: '2025-07-31T10:00:00Z',
      },
      vendorField: { kept: true },
    },
  };

  for (const generation of ['0.2', '0.3'] as const) {
    it(`${generation}: decodes an input-required answer and keeps unknown fields`, () => {
      const decoded = result(generation, 'JSONRPC', inputRequired);
      expect(decoded.type).toBe('task');
      if (decoded.type !== 'task') return;
      expect(decoded.task.status.state).toBe('input-required');
      expect(decoded.task.status.message).toMatchObject({
        role: 'agent',
        parts: [{ kind: 'text', text: 'Which pages?' }],
      });
      expect((decoded.task.wire as { vendorField: unknown }).vendorField).toEqual({ kept: true });
    });

    it(`${generation}: decodes a direct message answer with a data part`, () => {
      const decoded = result(generation, 'JSONRPC', {
        jsonrpc: '2.0',
        id: 1,
        result: {
          kind: 'message',
          messageId: 'm9',
          role: 'agent',
          parts: [{ kind: 'data', data: { answer: 42 } }],
          contextId: 'c1',
        },
      });
      expect(decoded).toMatchObject({
        type: 'message',
        message: { messageId: 'm9', parts: [{ kind: 'data', data: { answer: 42 } }] },
      });
    });
  }

  it('decodes a 0.3 status-update stream event', () => {
    const item = streamItem('0.3', 'JSONRPC', {
      jsonrpc: '2.0',
      id: 1,
      result: {
        kind: 'status-update',
        taskId: 't1',
        contextId: 'c1',
        status: { state: 'completed' },
        final: true,
      },
    });
    expect(item).toMatchObject({
      kind: 'status-update',
      update: { taskId: 't1', final: true, status: { state: 'completed' } },
    });
  });

  it('names -32007 with its 0.3 meaning, and flags a mismatched id without dropping the answer', () => {
    const decoded = findAdapter('0.3', 'JSONRPC')!.decodeResponse(
      request('0.3', 'JSONRPC'),
      json({ jsonrpc: '2.0', id: 99, error: { code: -32007, message: 'not configured' } }),
    );
    expect(decoded.kind).toBe('error');
    if (decoded.kind !== 'error') return;
    expect(decoded.error.name).toMatch(/AuthenticatedExtendedCardNotConfigured/);
    expect(decoded.findings.map((f) => f.rule)).toContain('jsonrpc.id-mismatch');
  });

  it('reports an unknown part kind and state, and keeps decoding', () => {
    const decoded = findAdapter('0.2', 'JSONRPC')!.decodeResponse(
      request('0.2', 'JSONRPC'),
      json({
        jsonrpc: '2.0',
        id: 1,
        result: {
          kind: 'task',
          id: 't',
          contextId: 'c',
          status: { state: 'paused' },
          history: [{ kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'video' }] }],
        },
      }),
    );
    expect(decoded.kind).toBe('result');
    expect(decoded.findings.map((f) => [f.rule, f.pointer])).toEqual(
      expect.arrayContaining([
        ['a2a.unknown-state', '/result/status/state'],
        ['a2a.unknown-part', '/result/history/0/parts/0/kind'],
      ]),
    );
  });

  it('answers that are not JSON or not JSON-RPC are invalid with a reason', () => {
    const adapter = findAdapter('0.2', 'JSONRPC')!;
    const html = adapter.decodeResponse(
      request('0.2', 'JSONRPC'),
      json('<html>502 Bad Gateway</html>', 502, 'text/html'),
    );
    expect(html.kind).toBe('invalid');
    expect(html.findings[0]?.message).toMatch(/not valid JSON.*502 Bad Gateway/);
    const neither = adapter.decodeResponse(request('0.2', 'JSONRPC'), json({ jsonrpc: '2.0', id: 1 }));
    expect(neither.findings.map((f) => f.rule)).toContain('jsonrpc.neither-result-nor-error');
  });

  it('a streaming request answered as an event stream says so', () => {
    const decoded = findAdapter('0.3', 'JSONRPC')!.decodeResponse(request('0.3', 'JSONRPC', 'stream'), {
      status: 200,
      headers: [['content-type', 'text/event-stream; charset=utf-8']],
      bodyText: '',
    });
    expect(decoded.kind).toBe('stream');
  });
});

describe('0.3 HTTP+JSON (ProtoJSON)', () => {
  it('decodes a 0.3 REST answer: wrapped task, TASK_STATE_*, parts in artifacts', () => {
    const decoded = result('0.3', 'HTTP+JSON', {
      task: {
        id: 't1',
        contextId: 'c1',
        status: { state: 'TASK_STATE_COMPLETED' },
        artifacts: [{ artifactId: 'a1', parts: [{ text: 'hi' }] }],
      },
    });
    expect(decoded).toMatchObject({
      type: 'task',
      task: {
        id: 't1',
        status: { state: 'completed', stateWire: 'TASK_STATE_COMPLETED' },
        artifacts: [{ artifactId: 'a1', parts: [{ kind: 'text', text: 'hi' }] }],
      },
    });
  });

  it('reads message parts from `content`, file and data wrappers, CANCELLED, snake_case and enum numbers', () => {
    const item = streamItem('0.3', 'HTTP+JSON', {
      task: {
        id: 't',
        context_id: 'c',
        status: {
          state: 5,
          message: {
            message_id: 'm',
            role: 2,
            content: [
              { file: { file_with_uri: 'https://x/y.pdf', mime_type: 'application/pdf' } },
              { data: { data: { a: 1 } } },
            ],
          },
        },
      },
    });
    expect(item).toMatchObject({
      kind: 'task',
      task: {
        contextId: 'c',
        status: {
          state: 'canceled',
          message: {
            messageId: 'm',
            role: 'agent',
            parts: [
              { kind: 'file', uri: 'https://x/y.pdf', mediaType: 'application/pdf' },
              { kind: 'data', data: { a: 1 } },
            ],
          },
        },
      },
    });
  });

  it('flags the 1.0 spelling of CANCELED in 0.3 and the other way round', () => {
    const adapter = findAdapter('0.3', 'HTTP+JSON')!;
    const decoded = adapter.decodeStreamEvent(
      request('0.3', 'HTTP+JSON', 'stream'),
      JSON.stringify({
        statusUpdate: { taskId: 't', status: { state: 'TASK_STATE_CANCELED' }, final: true },
      }),
      false,
    );
    expect(decoded.findings.map((f) => f.rule)).toContain('a2a.enum-spelling');
  });

  it('reads an @a2a-js/sdk 0.3 error body', () => {
    const decoded = findAdapter('0.3', 'HTTP+JSON')!.decodeResponse(
      request('0.3', 'HTTP+JSON', 'get'),
      json({ code: -32001, message: 'Task not found' }, 404),
    );
    expect(decoded).toMatchObject({
      kind: 'error',
      error: { httpStatus: 404, code: -32001, name: 'TaskNotFoundError', message: 'Task not found' },
    });
  });
});

describe('1.0', () => {
  it('decodes a 1.0 JSON-RPC answer: the result wrapped in {"task"}', () => {
    const decoded = result('1.0', 'JSONRPC', {
      jsonrpc: '2.0',
      id: 1,
      result: {
        task: {
          id: 't1',
          contextId: 'c1',
          status: { state: 'TASK_STATE_COMPLETED', timestamp: '2026-03-12T10:00:00.000Z' },
          artifacts: [{ artifactId: 'a1', parts: [{ text: 'hi', mediaType: 'text/plain' }] }],
        },
      },
    });
    expect(decoded).toMatchObject({
      type: 'task',
      task: { artifacts: [{ parts: [{ kind: 'text', text: 'hi', mediaType: 'text/plain' }] }] },
    });
  });

  it('decodes the four part contents', () => {
    const decoded = result('1.0', 'HTTP+JSON', {
      message: {
        messageId: 'm5',
        role: 'ROLE_AGENT',
        parts: [
          { raw: 'aGVsbG8=', filename: 'a.txt', mediaType: 'text/plain' },
          { url: 'https://x/y.png', mediaType: 'image/png' },
          { data: { k: [1, 2] }, mediaType: 'application/json' },
          { text: 't' },
        ],
      },
    });
    expect(decoded).toMatchObject({
      type: 'message',
      message: {
        parts: [
          { kind: 'file', bytes: 'aGVsbG8=', name: 'a.txt', mediaType: 'text/plain' },
          { kind: 'file', uri: 'https://x/y.png' },
          { kind: 'data', data: { k: [1, 2] } },
          { kind: 'text', text: 't' },
        ],
      },
    });
  });

  it('decodes 1.0 stream events; absent append/lastChunk mean false', () => {
    expect(
      streamItem('1.0', 'JSONRPC', {
        jsonrpc: '2.0',
        id: 1,
        result: {
          statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_COMPLETED' } },
        },
      }),
    ).toMatchObject({
      kind: 'status-update',
      update: { taskId: 't1', status: { state: 'completed' } },
    });
    const artifact = streamItem('1.0', 'HTTP+JSON', {
      artifactUpdate: {
        taskId: 't1',
        contextId: 'c1',
        artifact: { artifactId: 'a1', parts: [{ text: 'chunk' }] },
        append: true,
      },
    });
    expect(artifact).toMatchObject({ kind: 'artifact-update', update: { append: true, lastChunk: false } });
  });

  it('flags a wrapper with two members and one with none', () => {
    const adapter = findAdapter('1.0', 'JSONRPC')!;
    const two = adapter.decodeStreamEvent(
      request('1.0', 'JSONRPC', 'stream'),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        result: { task: { id: 't', status: { state: 1 } }, message: { messageId: 'm', role: 1, parts: [] } },
      }),
      false,
    );
    expect(two.findings.map((f) => f.rule)).toContain('a2a.oneof');
    const none = adapter.decodeStreamEvent(
      request('1.0', 'JSONRPC', 'stream'),
      JSON.stringify({ jsonrpc: '2.0', id: 1, result: { kind: 'task' } }),
      false,
    );
    expect(none).toMatchObject({ kind: 'item', item: { kind: 'unknown' } });
  });

  it('names the -32009 answer to a request without A2A-Version, with its ErrorInfo reason', () => {
    const decoded = findAdapter('1.0', 'JSONRPC')!.decodeResponse(
      request('1.0', 'JSONRPC', 'get'),
      json({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32009,
          message: "The requested A2A protocol version '0.3' is not supported.",
          data: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'VERSION_NOT_SUPPORTED',
              domain: 'a2a-protocol.org',
            },
          ],
        },
      }),
    );
    expect(decoded).toMatchObject({
      kind: 'error',
      error: { code: -32009, name: 'VersionNotSupportedError', reasons: ['VERSION_NOT_SUPPORTED'] },
    });
  });

  it('reads a google.rpc.Status REST error and names it from its reason', () => {
    const decoded = findAdapter('1.0', 'HTTP+JSON')!.decodeResponse(
      request('1.0', 'HTTP+JSON', 'get'),
      json(
        {
          error: {
            code: 404,
            status: 'NOT_FOUND',
            message: 'Task not found',
            details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND' }],
          },
        },
        404,
      ),
    );
    expect(decoded).toMatchObject({
      kind: 'error',
      error: { httpStatus: 404, name: 'TaskNotFoundError', message: 'Task not found' },
    });
  });

  it('ListTasks: a missing nextPageToken means the last page', () => {
    const decoded = result(
      '1.0',
      'JSONRPC',
      {
        jsonrpc: '2.0',
        id: 1,
        result: { tasks: [{ id: 't', status: { state: 'TASK_STATE_WORKING' } }], pageSize: 20, totalSize: 1 },
      },
      'list',
    );
    expect(decoded).toMatchObject({
      type: 'task-page',
      page: { nextPageToken: '', totalSize: 1, tasks: [{ id: 't', status: { state: 'working' } }] },
    });
  });

  it('delete over REST answers 204 with no body', () => {
    const decoded = findAdapter('1.0', 'HTTP+JSON')!.decodeResponse(
      request('1.0', 'HTTP+JSON', 'pushConfigDelete'),
      { status: 204, headers: [], bodyText: '' },
    );
    expect(decoded).toMatchObject({ kind: 'result', result: { type: 'empty' } });
  });
});

describe('push bodies', () => {
  it('0.x push a Task; 1.0 a StreamResponse', () => {
    expect(
      findAdapter('0.1', 'JSONRPC')!.decodePush(JSON.stringify({ id: 't', status: { state: 'completed' } })),
    ).toMatchObject({ kind: 'item', item: { kind: 'task', task: { id: 't' } } });
    expect(
      findAdapter('0.3', 'JSONRPC')!.decodePush(
        JSON.stringify({ kind: 'task', id: 't', contextId: 'c', status: { state: 'working' } }),
      ),
    ).toMatchObject({
      kind: 'item',
      item: { kind: 'task', task: { status: { state: 'working' } } },
    });
    expect(
      findAdapter('1.0', 'HTTP+JSON')!.decodePush(
        JSON.stringify({ statusUpdate: { taskId: 't', status: { state: 'TASK_STATE_WORKING' } } }),
      ),
    ).toMatchObject({
      kind: 'item',
      item: { kind: 'status-update' },
    });
    expect(findAdapter('1.0', 'JSONRPC')!.decodePush('not json')).toMatchObject({ kind: 'invalid' });
  });
});
