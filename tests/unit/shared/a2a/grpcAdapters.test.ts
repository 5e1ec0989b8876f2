// The gRPC adapters of 0.3 and 1.0 (WIRE-3) without a server: interface addresses in every form seen in the wild,
// each operation's method path and identification back from a recorded request, and a gRPC status read as the error
// the other bindings would name.

import { describe, expect, it } from 'vitest';
import { operations, type OperationInputs } from '../../../../shared/a2a/adapter';
import { findAdapter } from '../../../../shared/a2a/adapters';
import { grpcOrigin } from '../../../../shared/a2a/grpcBinding';
import { identifyRequest } from '../../../../shared/a2a/identify';

const INPUTS: OperationInputs = {
  send: { message: { parts: [{ kind: 'text', text: 'hi' }] }, blocking: true },
  stream: { message: { parts: [{ kind: 'text', text: 'hi' }] }, blocking: false },
  get: { taskId: 't-1', historyLength: 2 },
  list: { pageSize: 5 },
  cancel: { taskId: 't-1' },
  subscribe: { taskId: 't-1' },
  pushConfigSet: { taskId: 't-1', config: { id: 'c-1', url: 'https://hooks.test/x', token: 'tok' } },
  pushConfigGet: { taskId: 't-1', configId: 'c-1' },
  pushConfigList: { taskId: 't-1' },
  pushConfigDelete: { taskId: 't-1', configId: 'c-1' },
  extendedCard: {},
};

describe('gRPC interface addresses', () => {
  it.each([
    ['127.0.0.1:50051', 'http://127.0.0.1:50051'],
    ['grpc://agent.test:443', 'http://agent.test:443'],
    ['grpcs://agent.test', 'https://agent.test'],
    ['https://agent.test:8443/a2a', 'https://agent.test:8443'],
    ['http://[::1]:50051', 'http://[::1]:50051'],
    ['localhost:50051', 'http://localhost:50051'],
  ])('%s is %s', (given, origin) => {
    expect(grpcOrigin(given)).toBe(origin);
  });

  it.each(['ftp://agent.test', '', 'not a host at all'])('%j names no address', (given) => {
    expect(grpcOrigin(given)).toBeUndefined();
  });

  it('refuses to encode for an address it cannot read', () => {
    const adapter = findAdapter('1.0', 'GRPC')!;
    expect(
      adapter.encode('get', INPUTS.get, { endpoint: 'ftp://x', requestId: 1, newId: () => 'n' }),
    ).toEqual({
      ok: false,
      reason: 'The gRPC interface address ftp://x is not host:port or a URL.',
    });
  });
});

for (const generation of ['0.3', '1.0'] as const) {
  describe(`${generation} gRPC operations`, () => {
    const adapter = findAdapter(generation, 'GRPC')!;
    const endpoint = generation === '1.0' ? '127.0.0.1:7000' : 'grpc://127.0.0.1:7000';
    const context = { endpoint, requestId: 1, newId: () => 'new-id', tenant: 'acme' };

    it('encodes every operation it has to its own method, and identifies the request back', () => {
      for (const operation of operations) {
        const encoded = adapter.encode(operation, INPUTS[operation], context);
        if (!adapter.supports.has(operation)) {
          expect(encoded.ok).toBe(false);
          continue;
        }
        if (!encoded.ok) throw new Error(encoded.reason);
        expect(encoded.request.url).toMatch(
          /^http:\/\/127\.0\.0\.1:7000\/(lf\.)?a2a\.v1\.A2AService\/[A-Za-z]+$/,
        );
        const identified = identifyRequest(
          adapter,
          {
            method: 'POST',
            url: encoded.request.url,
            headers: encoded.request.headers,
            bodyText: encoded.request.body!,
          },
          endpoint,
        );
        expect(identified?.operation).toBe(operation);
        expect(identified?.streaming).toBe(encoded.request.streaming);
      }
    });

    it('names tasks the way its proto does', () => {
      const get = adapter.encode('get', INPUTS.get, context);
      if (!get.ok) throw new Error(get.reason);
      expect(JSON.parse(get.request.body!)).toEqual(
        generation === '1.0'
          ? { tenant: 'acme', id: 't-1', historyLength: 2 }
          : { name: 'tasks/t-1', historyLength: 2 },
      );
    });

    it('reads a NOT_FOUND status with its ErrorInfo as the task-not-found error', () => {
      const encoded = adapter.encode('get', INPUTS.get, context);
      if (!encoded.ok) throw new Error(encoded.reason);
      const status = {
        code: 5,
        message: 'Task not found: t-1',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'TASK_NOT_FOUND',
            domain: 'a2a-protocol.org',
          },
        ],
      };
      const decoded = adapter.decodeResponse(encoded.request, {
        status: 200,
        headers: [
          ['content-type', 'application/grpc'],
          ['grpc-status', '5'],
          ['grpc-message', 'Task not found: t-1'],
        ],
        bodyText: JSON.stringify(status),
      });
      expect(decoded.kind).toBe('error');
      if (decoded.kind !== 'error') return;
      expect(decoded.error).toMatchObject({ httpStatus: 404, message: 'Task not found: t-1' });
      expect(decoded.error.name).toBe('TaskNotFoundError');
    });

    it('reads an empty answer to a delete as empty, and a status without body from its trailers', () => {
      const del = adapter.encode('pushConfigDelete', INPUTS.pushConfigDelete, context);
      if (!del.ok) throw new Error(del.reason);
      const ok = adapter.decodeResponse(del.request, {
        status: 200,
        headers: [['grpc-status', '0']],
        bodyText: '{}',
      });
      expect(ok).toMatchObject({ kind: 'result', result: { type: 'empty' } });
      const failed = adapter.decodeResponse(del.request, {
        status: 200,
        headers: [
          ['grpc-status', '16'],
          ['grpc-message', 'who are you'],
        ],
        bodyText: '',
      });
      expect(failed).toMatchObject({ kind: 'error', error: { httpStatus: 401, message: 'who are you' } });
    });
  });
}
