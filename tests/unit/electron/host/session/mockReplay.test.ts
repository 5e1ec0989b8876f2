// What the mock agent writes for a recorded exchange (SES-7): the client's JSON-RPC id put in place (bodies and SSE
// blocks), headers sent again without the connection and length ones, stream pauses as recorded or compressed, and
// the errors for what the session cannot answer.

import { describe, expect, it } from 'vitest';
import type { HttpFrame, SseFrame } from '../../../../../shared/wire/frame';
import {
  describeRequest,
  notRecorded,
  recordedWithoutAnswer,
  restDialect,
  restError,
  tooLarge,
  unreadableRpc,
  wrongHost,
} from '../../../../../electron/host/session/mockErrors';
import { requestFacts, type RecordedExchange } from '../../../../../electron/host/session/mockMatching';
import {
  COMPRESSED_GAP_MS,
  paced,
  planReplay,
  replayHeaders,
} from '../../../../../electron/host/session/mockReplay';
import { replaceJsonRpcId, replaceSseBlockId } from '../../../../../electron/host/session/mockRewrite';

const PEER = 'http://127.0.0.1:4000';
const MOCK = 'http://127.0.0.1:5555';
const move = (url: string) => (url.startsWith(PEER) ? MOCK + url.slice(PEER.length) : undefined);

describe('replaceJsonRpcId', () => {
  it('replaces only the id characters of a JSON-RPC answer', () => {
    const text = '{ "jsonrpc": "2.0",\n  "id": 1, "result": {"id": "task-1"} }';
    expect(replaceJsonRpcId(text, 'abc')).toBe(
      '{ "jsonrpc": "2.0",\n  "id": "abc", "result": {"id": "task-1"} }',
    );
    expect(replaceJsonRpcId('{"jsonrpc":"2.0","id":"x","error":{}}', null)).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{}}',
    );
  });

  it('leaves anything that is not a JSON-RPC answer alone', () => {
    expect(replaceJsonRpcId('{"id":"task-1"}', 7)).toBe('{"id":"task-1"}');
    expect(replaceJsonRpcId('not json', 7)).toBe('not json');
    expect(replaceJsonRpcId('[{"jsonrpc":"2.0","id":1}]', 7)).toBe('[{"jsonrpc":"2.0","id":1}]');
  });
});

describe('replaceSseBlockId', () => {
  it('edits the data line of a block, with or without the space after the colon', () => {
    expect(replaceSseBlockId('data: {"jsonrpc":"2.0","id":2,"result":{}}\n\n', 'c-1')).toBe(
      'data: {"jsonrpc":"2.0","id":"c-1","result":{}}\n\n',
    );
    expect(replaceSseBlockId('data:{"jsonrpc":"2.0","id":2}\r\n\r\n', 5)).toBe(
      'data:{"jsonrpc":"2.0","id":5}\r\n\r\n',
    );
  });

  it('finds the id on the right line of multi-line data and keeps the other fields', () => {
    const raw = 'event: message\rid: 2\rdata: {"jsonrpc":"2.0",\rdata:  "id": 2,\rdata: "result":{}}\r\r';
    expect(replaceSseBlockId(raw, 'new')).toBe(
      'event: message\rid: 2\rdata: {"jsonrpc":"2.0",\rdata:  "id": "new",\rdata: "result":{}}\r\r',
    );
  });

  it('leaves keep-alives, non-JSON data and non-JSON-RPC data alone', () => {
    for (const raw of [': keep-alive\n\n', 'data: hello\n\n', 'data: {"task":{"id":"t"}}\n\n', 'data\n\n'])
      expect(replaceSseBlockId(raw, 1)).toBe(raw);
  });
});

describe('replayHeaders', () => {
  it('drops connection, framing and length headers and those Connection names; keeps order, case and repeats', () => {
    expect(
      replayHeaders([
        ['Content-Type', 'application/json'],
        ['Connection', 'close, X-Hop'],
        ['X-Hop', '1'],
        ['Set-Cookie', 'a=1'],
        ['Keep-Alive', 'timeout=5'],
        ['Transfer-Encoding', 'chunked'],
        ['content-length', '12'],
        ['Set-Cookie', 'b=2'],
      ]),
    ).toEqual(['Content-Type', 'application/json', 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2']);
  });
});

describe('paced', () => {
  it('keeps recorded pauses, or caps them when compressed', () => {
    expect(paced(5000, 'original')).toBe(5000);
    expect(paced(5000, 'compressed')).toBe(COMPRESSED_GAP_MS);
    expect(paced(3, 'compressed')).toBe(3);
  });
});

function bytes(text: string | Buffer) {
  const buffer = typeof text === 'string' ? Buffer.from(text) : text;
  return {
    base64: buffer.toString('base64'),
    text: buffer.toString('utf8'),
    size: buffer.length,
    utf8Valid: true,
  };
}

function recorded(frame: Partial<HttpFrame>, events: SseFrame[] = []): RecordedExchange {
  const full: HttpFrame = {
    kind: 'http',
    id: 'x',
    source: 'agent:send',
    timing: { start: 1000, firstByte: 1250, end: 1300 },
    request: { method: 'POST', url: `${PEER}/rpc`, headers: [] },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [
        ['Content-Type', 'application/json'],
        ['Content-Length', '99'],
      ],
      body: bytes('{"jsonrpc":"2.0","id":1,"result":{}}'),
    },
    ...frame,
  };
  return { index: 0, key: '', facts: requestFacts('POST', '/rpc', undefined), frame: full, events };
}

const incoming = (id: string | number | undefined) =>
  requestFacts(
    'POST',
    '/rpc',
    JSON.stringify(id === undefined ? { jsonrpc: '2.0', method: 'm' } : { jsonrpc: '2.0', id, method: 'm' }),
  );

describe('planReplay: answers that are not streams', () => {
  it("replays status and headers, with the client's id and a recomputed length", () => {
    const plan = planReplay(recorded({}), incoming('q'), { timing: 'original', rewriteUrl: move });
    expect(plan.body!.toString()).toBe('{"jsonrpc":"2.0","id":"q","result":{}}');
    expect(plan).toMatchObject({ status: 200, statusText: 'OK', headDelayMs: 250 });
    expect(plan.headers).toEqual([
      'Content-Type',
      'application/json',
      'Content-Length',
      String(plan.body!.length),
    ]);
    expect(
      planReplay(recorded({}), incoming('q'), { timing: 'compressed', rewriteUrl: move }).headDelayMs,
    ).toBe(COMPRESSED_GAP_MS);
  });

  it('sends the recorded bytes untouched for a notification, a compressed body or bytes that are not UTF-8', () => {
    const notification = planReplay(recorded({}), incoming(undefined), {
      timing: 'original',
      rewriteUrl: move,
    });
    expect(notification.body!.toString()).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    const gzipped = recorded({});
    gzipped.frame.response!.headers.push(['Content-Encoding', 'gzip']);
    expect(
      planReplay(gzipped, incoming('q'), { timing: 'original', rewriteUrl: move }).body!.toString(),
    ).toContain('"id":1');
    const binary = recorded({});
    binary.frame.response!.body = { ...bytes(Buffer.from([0xff, 0x7b])), utf8Valid: false };
    expect([...planReplay(binary, incoming('q'), { timing: 'original', rewriteUrl: move }).body!]).toEqual([
      0xff, 0x7b,
    ]);
  });

  it('keeps a byte order mark when the id is rewritten', () => {
    const withBom = recorded({});
    withBom.frame.response!.body = {
      ...bytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"jsonrpc":"2.0","id":1}')])),
      text: '{"jsonrpc":"2.0","id":1}',
    };
    const body = planReplay(withBom, incoming(2), { timing: 'original', rewriteUrl: move }).body!;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.subarray(3).toString()).toBe('{"jsonrpc":"2.0","id":2}');
  });

  it('masks the secrets the frame marks: a token in the answer, a push token echoed from the request', () => {
    const withSecrets = recorded({
      secrets: [
        { in: 'response-json', pointer: '/result/access' },
        { in: 'request-json', key: 'token' },
        { in: 'request-header', name: 'Authorization' },
      ],
    });
    withSecrets.frame.response!.body = bytes(
      '{"jsonrpc":"2.0","id":1,"result":{"access":"s3cret","config":{"url":"http://hook","token":"tok"}}}',
    );
    const plan = planReplay(withSecrets, incoming(2), { timing: 'original', rewriteUrl: move });
    expect(plan.body!.toString()).toBe(
      '{"jsonrpc":"2.0","id":2,"result":{"access":"••••••","config":{"url":"http://hook","token":"••••••"}}}',
    );
  });

  it('moves the interface URLs of an extended card to the mock', () => {
    const extended = recorded({
      a2a: { agentId: 'a', operation: 'extendedCard', generation: '1.0', binding: 'JSONRPC' },
    });
    extended.frame.response!.body = bytes(
      JSON.stringify({ jsonrpc: '2.0', id: 1, result: { supportedInterfaces: [{ url: `${PEER}/rpc` }] } }),
    );
    const plan = planReplay(extended, incoming(4), { timing: 'original', rewriteUrl: move });
    expect(JSON.parse(plan.body!.toString())).toEqual({
      jsonrpc: '2.0',
      id: 4,
      result: { supportedInterfaces: [{ url: `${MOCK}/rpc` }] },
    });
  });
});

describe('planReplay: streams', () => {
  const block = (seq: number, at: number, raw: string, extra: Partial<SseFrame> = {}): SseFrame => ({
    kind: 'sse',
    id: `b${seq}`,
    source: 'agent:stream',
    timing: { start: at },
    exchangeId: 'x',
    seq,
    offset: { start: 0, end: 0 },
    raw,
    dispatched: true,
    ...extra,
  });
  const stream = (ended: 'complete' | 'closed-by-user' | 'error' | undefined, events: SseFrame[]) =>
    recorded(
      {
        timing: { start: 1000, firstByte: 1100, end: 9000 },
        stream: { bytes: 0, events: events.length, emptyBlocks: 0, ...(ended ? { ended } : {}) },
        response: {
          status: 200,
          statusText: 'OK',
          httpVersion: '1.1',
          headers: [
            ['Content-Type', 'text/event-stream'],
            ['Transfer-Encoding', 'chunked'],
          ],
          body: bytes(''),
        },
      },
      events,
    );
  const events = [
    block(0, 1100, 'data: {"jsonrpc":"2.0","id":1,"result":{"a":1}}\n\n', { offset: { start: 3, end: 50 } }),
    block(1, 3100, ': keep-alive\n\n'),
    block(2, 7100, 'data: {"jsonrpc":"2.0","id":1,"result":{"b":2}}\n\n'),
  ];

  it('writes each block after its recorded pause, the id replaced, a leading BOM kept', () => {
    const plan = planReplay(stream('complete', events), incoming('n'), {
      timing: 'original',
      rewriteUrl: move,
    });
    expect(plan.body).toBeUndefined();
    expect(plan.headers).toEqual(['Content-Type', 'text/event-stream']);
    expect(plan.chunks!.map((c) => c.delayMs)).toEqual([0, 2000, 4000]);
    expect([...plan.chunks![0]!.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(plan.chunks!.map((c) => c.bytes.toString().replace('\uFEFF', ''))).toEqual([
      'data: {"jsonrpc":"2.0","id":"n","result":{"a":1}}\n\n',
      ': keep-alive\n\n',
      'data: {"jsonrpc":"2.0","id":"n","result":{"b":2}}\n\n',
    ]);
    expect(plan.finish).toEqual({ delayMs: 1900, how: 'end' });
  });

  it('caps every pause when compressed', () => {
    const plan = planReplay(stream('complete', events), incoming(1), {
      timing: 'compressed',
      rewriteUrl: move,
    });
    expect(plan.chunks!.map((c) => c.delayMs)).toEqual([0, COMPRESSED_GAP_MS, COMPRESSED_GAP_MS]);
    expect(plan.finish?.delayMs).toBe(COMPRESSED_GAP_MS);
  });

  it('holds a stream the recording left open, drops one that broke', () => {
    expect(
      planReplay(stream('closed-by-user', events), incoming(1), { timing: 'compressed', rewriteUrl: move })
        .finish?.how,
    ).toBe('hold');
    expect(
      planReplay(stream(undefined, events), incoming(1), { timing: 'compressed', rewriteUrl: move }).finish
        ?.how,
    ).toBe('hold');
    expect(
      planReplay(stream('error', events), incoming(1), { timing: 'compressed', rewriteUrl: move }).finish
        ?.how,
    ).toBe('drop');
  });

  it('writes a block kept as raw bytes exactly', () => {
    const odd = block(0, 1100, 'data: \uFFFD\n\n', {
      rawBase64: Buffer.from([0x64, 0x61, 0x74, 0x61, 0x3a, 0xff, 0x0a, 0x0a]).toString('base64'),
    });
    const plan = planReplay(stream('complete', [odd]), incoming(1), { timing: 'original', rewriteUrl: move });
    expect([...plan.chunks![0]!.bytes]).toEqual([0x64, 0x61, 0x74, 0x61, 0x3a, 0xff, 0x0a, 0x0a]);
  });
});

describe('mock errors', () => {
  const get = requestFacts(
    'POST',
    '/rpc',
    JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'GetTask', params: { id: 't-x' } }),
  );
  const rest = requestFacts('GET', '/rest/tasks/t-x?historyLength=1', undefined);

  it('names what was asked', () => {
    expect(describeRequest(get)).toBe('"GetTask" (task "t-x") at POST /rpc');
    expect(describeRequest(rest)).toBe('GET /rest/tasks/t-x?historyLength=1');
  });

  it('is -32601 for a method the session never used, -32603 for one it used for other requests', () => {
    const unknown = JSON.parse(notRecorded(get, false, '1.0').body) as {
      id: number;
      error: { code: number; message: string };
    };
    expect(unknown).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: {
        code: -32601,
        message:
          'This mock agent replays a recorded session, and the session has no recorded answer for "GetTask" (task "t-x") at POST /rpc.',
      },
    });
    const known = notRecorded(get, true, '1.0');
    expect(known.status).toBe(200);
    expect(JSON.parse(known.body).error.code).toBe(-32603);
    expect(JSON.parse(known.body).error.message).toContain(
      'It has answers for "GetTask", but none for this request.',
    );
  });

  it('is a 404 in the REST shape of the generation', () => {
    expect(JSON.parse(notRecorded(rest, false, '1.0').body)).toEqual({
      error: {
        code: 404,
        status: 'NOT_FOUND',
        message:
          'This mock agent replays a recorded session, and the session has no recorded answer for GET /rest/tasks/t-x?historyLength=1.',
      },
    });
    expect(JSON.parse(notRecorded(rest, false, 'legacy').body)).toMatchObject({ code: -32601 });
  });

  it('says when a request was recorded without an answer, when a body is unreadable or too large', () => {
    expect(
      JSON.parse(recordedWithoutAnswer(get, 'Connection refused: ECONNREFUSED', '1.0').body).error,
    ).toEqual({
      code: -32603,
      message:
        'This mock agent replays a recorded session; when "GetTask" (task "t-x") at POST /rpc was recorded, no answer came back (Connection refused: ECONNREFUSED).',
    });
    expect(recordedWithoutAnswer(rest, 'timeout', 'legacy').status).toBe(502);
    expect(JSON.parse(unreadableRpc(get).body)).toMatchObject({ id: null, error: { code: -32700 } });
    expect(tooLarge(10, 'legacy')).toMatchObject({ status: 413 });
    expect(JSON.parse(wrongHost('evil.example', ['127.0.0.1:1', 'localhost:1'], '1.0').body)).toEqual({
      error: {
        code: 403,
        status: 'PERMISSION_DENIED',
        message:
          'This mock agent replays a recorded session; it answers requests addressed to 127.0.0.1:1 or localhost:1, not to "evil.example".',
      },
    });
    expect(JSON.parse(restError('1.0', 500, 'x').body)).toEqual({
      error: { code: 500, status: 'INTERNAL', message: 'x' },
    });
  });

  it('picks the REST error shape from A2A-Version and the generations the card speaks', () => {
    expect(restDialect('1.0', ['0.3'])).toBe('1.0');
    expect(restDialect(undefined, ['1.0'])).toBe('1.0');
    expect(restDialect(undefined, ['1.0', '0.3'])).toBe('legacy');
    expect(restDialect(undefined, [])).toBe('legacy');
    expect(restDialect('0.3', ['1.0', '0.3'])).toBe('legacy');
  });
});
