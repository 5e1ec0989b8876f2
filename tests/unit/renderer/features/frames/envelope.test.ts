// The JSON-RPC envelope notes of the frames inspector (FRM-3): id checks and error codes named per generation.

import { describe, expect, it } from 'vitest';
import { describeEnvelope } from '../../../../../renderer/features/frames/envelope';
import type { BodyBytes, HttpFrame } from '../../../../../shared/wire/frame';

function body(text: string): BodyBytes {
  return {
    base64: Buffer.from(text).toString('base64'),
    text,
    size: Buffer.byteLength(text),
    utf8Valid: true,
  };
}

function exchange(request: string, response: string | undefined, generation?: string): HttpFrame {
  return {
    kind: 'http',
    id: 'f',
    source: 'test',
    timing: { start: 0 },
    request: { method: 'POST', url: 'http://a.test/rpc', headers: [], body: body(request) },
    ...(response !== undefined
      ? { response: { status: 200, statusText: 'OK', httpVersion: '1.1', headers: [], body: body(response) } }
      : {}),
    ...(generation ? { a2a: { agentId: 'a', operation: 'raw', generation, binding: 'JSONRPC' } } : {}),
  };
}

describe('describeEnvelope', () => {
  it('is undefined for an exchange that is not JSON-RPC', () => {
    expect(describeEnvelope(exchange('plain text', 'ok'))).toBeUndefined();
  });

  it('reads method and id, and says whether the answer repeats the id', () => {
    const request = '{"jsonrpc":"2.0","id":7,"method":"GetTask","params":{}}';
    expect(describeEnvelope(exchange(request, '{"jsonrpc":"2.0","id":7,"result":{}}', '1.0'))).toMatchObject({
      method: 'GetTask',
      requestId: 7,
      response: { kind: 'success', id: 7, idCheck: 'match' },
    });
    expect(
      describeEnvelope(exchange(request, '{"jsonrpc":"2.0","id":"7","result":{}}', '1.0'))?.response?.idCheck,
    ).toBe('mismatch');
    expect(describeEnvelope(exchange(request, undefined, '1.0'))?.response).toBeUndefined();
  });

  it('names an error code the way the generation does, or lists every generation when unknown', () => {
    const request = '{"jsonrpc":"2.0","id":1,"method":"x"}';
    const answer = '{"jsonrpc":"2.0","id":1,"error":{"code":-32009,"message":"m"}}';
    expect(describeEnvelope(exchange(request, answer, '1.0'))?.response?.error?.names).toMatchObject([
      { name: 'VersionNotSupportedError', generations: '1.0' },
    ]);
    expect(describeEnvelope(exchange(request, answer, '0.1'))?.response?.error?.names).toMatchObject([
      { name: 'InvalidTaskStateError' },
    ]);
    expect(describeEnvelope(exchange(request, answer))?.response?.error?.names.map((n) => n.name)).toEqual([
      'InvalidTaskStateError',
      'VersionNotSupportedError',
    ]);
  });

  it('annotates a request that is not JSON by the answer alone', () => {
    const note = describeEnvelope(
      exchange(
        '{"jsonrpc":"2.0","id":1,"method":',
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}',
        '1.0',
      ),
    );
    expect(note).toMatchObject({
      response: { idCheck: 'null', error: { code: -32700, names: [{ name: 'JSONParseError' }] } },
    });
    expect(note?.requestId).toBeUndefined();
  });

  it('checks one stream event as the answer', () => {
    const request = '{"jsonrpc":"2.0","id":"s","method":"SendStreamingMessage"}';
    const note = describeEnvelope(exchange(request, '', '1.0'), { jsonrpc: '2.0', id: 's', result: {} });
    expect(note?.response).toMatchObject({ kind: 'success', idCheck: 'match' });
  });
});

describe('describeEnvelope of a raw request to a plain REST route', () => {
  it('is undefined when neither the request nor the answer is JSON-RPC', () => {
    const task = '{"id":"t","status":{"state":"working"}}';
    const post = exchange('{"message":"hi"}', task, '0.1');
    expect(describeEnvelope(post)).toBeUndefined();
    const get: HttpFrame = {
      ...exchange('', task, '0.1'),
      request: { method: 'GET', url: 'http://a.test/t', headers: [] },
    };
    expect(describeEnvelope(get, JSON.parse(task))).toBeUndefined();
  });

  it('still checks an answer that is JSON-RPC', () => {
    const answer = '{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"no"}}';
    expect(describeEnvelope(exchange('{"message":"hi"}', answer, '0.1'))?.response?.error?.code).toBe(-32601);
  });
});
