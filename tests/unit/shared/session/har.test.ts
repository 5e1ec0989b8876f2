// HAR 1.2 export and import (SES-5): the export is valid against the HAR 1.2 JSON schema (har-schema), opens again
// as exactly the frames it came from (streams and their events included), and a HAR from another tool (Chrome
// DevTools) opens as plain exchanges with its event stream split into `sse` frames. Bad files are refused plainly.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  byteStringToBytes,
  bytesToBase64,
  bytesToByteString,
} from '../../../../shared/session/byteText';
import { finalFrames, framesToHar, harToFrames, looksLikeHar, uriText } from '../../../../shared/session/har';
import type { HarEntry, HarLog } from '../../../../shared/session/harTypes';
import type { SessionAgent } from '../../../../shared/session/types';
import type { BodyBytes, Frame, HttpFrame, SseFrame, WebhookFrame } from '../../../../shared/wire/frame';
import { SECRET_MASK } from '../../../../shared/wire/secretMask';
import { parseSseBytes, parseSseText } from '../../../../shared/wire/sse';
import { schemaErrors } from '../../support/harSchema';

function fixtureFrames(path: string): HttpFrame[] {
  return (JSON.parse(readFileSync(`tests/fixtures/wire/${path}`, 'utf8')) as { frames: HttpFrame[] }).frames;
}

function body(bytes: Buffer | string, truncated?: BodyBytes['truncated']): BodyBytes {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(buffer);
  const valid = Buffer.from(text, 'utf8').equals(buffer);
  return {
    base64: buffer.toString('base64'),
    text,
    size: buffer.length,
    utf8Valid: valid,
    ...(truncated ? { truncated } : {}),
  };
}

/**
 * A recorded stream as the live host keeps it: the exchange with an empty body and a stream summary, and one `sse`
 * frame per block (streamRecorder.ts), here cut from the bytes a real peer sent.
 */
function asLiveStream(exchange: HttpFrame): Frame[] {
  const bytes = Buffer.from(exchange.response!.body.base64, 'base64');
  const parsed = parseSseBytes(bytes);
  const blocks = [
    ...parsed.events.map((block) => ({ block, dispatched: true })),
    ...parsed.emptyBlocks.map((block) => ({ block, dispatched: false })),
  ].sort((a, b) => a.block.start - b.block.start);
  const events = blocks.map(({ block, dispatched }, seq): SseFrame => {
    const frame: SseFrame = {
      kind: 'sse',
      id: `${exchange.id}-e${seq}`,
      exchangeId: exchange.id,
      source: exchange.source,
      timing: { start: exchange.timing.firstByte! + seq * 0.25 },
      seq,
      offset: { start: block.start, end: block.end },
      raw: block.raw,
      dispatched,
    };
    if ('data' in block) {
      frame.event = { index: block.index, type: block.type, data: block.data };
      frame.json = JSON.parse(block.data) as unknown;
      frame.a2a = { item: 'status-update', taskId: 't-1', state: 'working', final: false };
    }
    return frame;
  });
  const http: HttpFrame = {
    ...exchange,
    rev: 2,
    state: 'done',
    response: { ...exchange.response!, body: body('') },
    stream: {
      bytes: bytes.length,
      events: parsed.events.length,
      emptyBlocks: parsed.emptyBlocks.length,
      ended: 'complete',
    },
    a2a: {
      agentId: 'agent-1',
      operation: 'stream',
      generation: '0.3',
      binding: 'JSONRPC',
      outcome: 'stream',
    },
    findings: [
      { rule: 'sse.example', severity: 'info', message: 'An example finding kept beside the bytes.' },
    ],
  };
  // The `sse` frames are shuffled in among the exchange's revisions, as they arrive during a run.
  return [{ ...http, rev: 0, state: 'pending' }, { ...http, rev: 1, state: 'streaming' }, ...events, http];
}

const streamFixture = fixtureFrames('v0.3/jsonrpc-stream.json')[0]!;
const streamText = streamFixture.response!.body.text;
const liveStream = asLiveStream(streamFixture);

const nonUtf8 = Buffer.concat([Buffer.from('{"note":"caf'), Buffer.from([0xe9, 0xff]), Buffer.from('"}')]);
const oddBlock = Buffer.concat([Buffer.from('data: bytes '), Buffer.from([0xc3]), Buffer.from('\n\n')]);

const oddStream: Frame[] = [
  {
    kind: 'http',
    id: 'odd',
    source: 'composer',
    timing: { start: 1_800_000_000_000.125, end: 1_800_000_000_010.5 },
    request: {
      method: 'POST',
      // A redacted URL holds the mask, which a URI may not: HAR gets it percent-encoded, the frame keeps it.
      url: `http://127.0.0.1:9/rpc?api_key=${SECRET_MASK}&q=a b|c`,
      headers: [['Content-Type', 'application/json']],
      body: body(nonUtf8),
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '2.0',
      headers: [['Content-Type', 'text/event-stream']],
      body: body(''),
    },
    stream: { bytes: oddBlock.length + 9, events: 2, emptyBlocks: 0, ended: 'error' },
    error: { kind: 'reset', label: 'Connection reset', message: 'socket hang up', code: 'ECONNRESET' },
    secrets: [{ in: 'query', name: 'api_key' }],
  },
  {
    kind: 'sse',
    id: 'odd-0',
    exchangeId: 'odd',
    source: 'composer',
    timing: { start: 1_800_000_000_005 },
    seq: 0,
    offset: { start: 0, end: oddBlock.length },
    raw: new TextDecoder().decode(oddBlock),
    rawBase64: oddBlock.toString('base64'),
    dispatched: true,
    event: { index: 0, type: 'message', data: 'bytes \uFFFD' },
    findings: [{ rule: 'sse.invalid-utf8', severity: 'warning', message: 'Not UTF-8.', offset: 12 }],
  },
  {
    kind: 'sse',
    id: 'odd-1',
    exchangeId: 'odd',
    source: 'composer',
    timing: { start: 1_800_000_000_006 },
    seq: 1,
    offset: { start: oddBlock.length, end: oddBlock.length + 9 },
    raw: 'data: 1\n\n',
    dispatched: true,
    event: { index: 1, type: 'message', data: '1', id: 'e1', retry: 500 },
    comments: [' hello'],
    json: 1,
  },
];

const oauthForm: HttpFrame = {
  kind: 'http',
  id: 'oauth',
  source: 'oauth',
  timing: {
    start: 1_800_000_000_100,
    connected: 1_800_000_000_101,
    firstByte: 1_800_000_000_104,
    end: 1_800_000_000_105,
  },
  request: {
    method: 'POST',
    url: 'https://auth.example/token',
    headers: [
      ['Content-Type', 'application/x-www-form-urlencoded'],
      ['Cookie', 'sid=abc; theme=dark'],
    ],
    body: body(`grant_type=client_credentials&client_secret=${SECRET_MASK}&scope=a+b`, {
      limit: 50,
      seen: 70,
    }),
  },
  response: {
    status: 200,
    statusText: 'OK',
    httpVersion: '1.1',
    headers: [
      ['Content-Type', 'application/json'],
      ['Set-Cookie', 'sid=xyz; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly; Secure'],
    ],
    body: body(nonUtf8),
  },
  remote: { address: '::ffff:10.0.0.7', port: 443 },
  secrets: [{ in: 'form', name: 'client_secret' }],
};

const refused: HttpFrame = {
  kind: 'http',
  id: 'refused',
  source: 'address-bar',
  timing: { start: 1_800_000_000_200, end: 1_800_000_000_201 },
  request: { method: 'GET', url: 'http://127.0.0.1:1/.well-known/agent-card.json', headers: [] },
  error: {
    kind: 'refused',
    label: 'Connection refused',
    message: 'connect ECONNREFUSED 127.0.0.1:1',
    code: 'ECONNREFUSED',
  },
};

const delivery: WebhookFrame = {
  kind: 'webhook',
  id: 'hook-1',
  source: 'webhook',
  timing: { start: 1_800_000_000_300, end: 1_800_000_000_302 },
  targetId: 'target-1',
  agentId: 'agent-1',
  request: {
    method: 'POST',
    url: '/push/target-1?x=1',
    headers: [
      ['Host', '127.0.0.1:40001'],
      ['Content-Type', 'application/json'],
      ['X-A2A-Notification-Token', SECRET_MASK],
    ],
    body: body('{"kind":"status-update","taskId":"t-1","status":{"state":"completed"},"final":true}'),
  },
  response: { status: 200, headers: [['Content-Length', '0']], body: body('') },
  verdict: {
    accepted: true,
    status: 200,
    reason: 'Accepted: X-A2A-Notification-Token matched',
    auth: 'token',
  },
  remote: { address: '127.0.0.1', port: 53000 },
  a2a: { generation: '0.3', item: 'status-update', taskId: 't-1', state: 'completed' },
};

const orphan: SseFrame = {
  kind: 'sse',
  id: 'orphan',
  exchangeId: 'not-exported',
  source: 'test',
  timing: { start: 1_800_000_000_400 },
  seq: 3,
  offset: { start: 10, end: 19 },
  raw: 'data: 2\n\n',
  dispatched: true,
  event: { index: 3, type: 'message', data: '2' },
  json: 2,
};

const fixtures = [
  'v0.3/jsonrpc-push-config.json',
  'v0.3/jsonrpc-errors.json',
  'v0.3/jsonrpc-send-attachments.json',
  'v0.3/rest-send.json',
  'v0.3/well-known-card.json',
  'v1.0/jsonrpc-send.json',
  'v0.1/jsonrpc-get.json',
].flatMap(fixtureFrames);

const agents: SessionAgent[] = [
  {
    id: 'agent-1',
    name: 'Echo',
    cardUrl: 'http://127.0.0.1:46875/.well-known/agent-card.json',
    origin: 'http://127.0.0.1:46875',
    cardText: '{"name":"Echo"}',
    generation: '0.3',
    settings: {
      auth: { type: 'bearer', token: '' },
      headers: [{ name: 'X-Tenant', value: '', secret: true }],
    },
  },
];

const session: Frame[] = [...fixtures, ...liveStream, ...oddStream, oauthForm, refused, delivery, orphan];

function exportedAndBack(frames: readonly Frame[], withAgents = agents) {
  const har = framesToHar(frames, { appVersion: '0.1.0-test', agents: withAgents });
  const text = JSON.stringify(har);
  return { har, text, imported: harToFrames(JSON.parse(text)) };
}

function byId(frames: readonly Frame[]): Frame[] {
  return [...frames].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

describe('framesToHar', () => {
  const { har } = exportedAndBack(session);

  it('writes HAR that is valid against the HAR 1.2 schema', () => {
    expect(schemaErrors(har)).toEqual([]);
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'Switchboard', version: '0.1.0-test' });
  });

  it('writes one entry per exchange (its newest revision) and per webhook delivery', () => {
    const http = finalFrames(session).filter((frame) => frame.kind === 'http');
    expect(har.log.entries).toHaveLength(http.length + 1);
    const stream = har.log.entries.find((entry) => entry._switchboard?.id === streamFixture.id)!;
    expect(stream._switchboard).toMatchObject({ kind: 'http', rev: 2, state: 'done' });
  });

  it('rebuilds a streamed answer from its events: the content is the stream as sent, each block listed', () => {
    const entry = har.log.entries.find((item) => item._switchboard?.id === streamFixture.id)!;
    expect(entry.response.content).toEqual({
      size: Buffer.byteLength(streamText),
      mimeType: 'text/event-stream',
      text: streamText,
    });
    const events = entry._sseEvents!;
    const blocks = parseSseText(streamText);
    expect(events).toHaveLength(blocks.events.length + blocks.emptyBlocks.length);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
    expect(events[0]).toMatchObject({
      seq: 0,
      time: streamFixture.timing.firstByte,
      raw: blocks.events[0]!.raw,
      dispatched: true,
      event: { index: 0, type: 'message', data: blocks.events[0]!.data },
      _switchboard: { id: `${streamFixture.id}-e0`, json: true, a2a: { item: 'status-update' } },
    });
  });

  it('says a live event marked jsonFromData was JSON, as for one with its parsed copy, and imports its value', () => {
    const live = liveStream.map((frame) => {
      if (frame.kind !== 'sse' || frame.json === undefined) return frame;
      const { json: _json, ...rest } = frame;
      return { ...rest, jsonFromData: true as const };
    });
    const { har, imported } = exportedAndBack(live);
    const events = har.log.entries.flatMap((entry) => entry._sseEvents ?? []);
    const marked = events.filter((event) => event.event !== undefined);
    expect(marked.length).toBeGreaterThan(0);
    for (const event of marked) {
      expect(event._switchboard).toMatchObject({ json: true });
      expect(event._switchboard).not.toHaveProperty('jsonFromData');
    }
    const back = imported.frames.filter((frame): frame is SseFrame => frame.kind === 'sse' && !!frame.event);
    expect(back.map((frame) => frame.json)).toEqual(back.map((frame) => JSON.parse(frame.event!.data)));
  });

  it('writes bytes that are not UTF-8 as base64, and a stream with such a block as base64 too', () => {
    const oauth = har.log.entries.find((entry) => entry._switchboard?.id === 'oauth')!;
    expect(oauth.response.content).toEqual({
      size: nonUtf8.length,
      mimeType: 'application/json',
      text: nonUtf8.toString('base64'),
      encoding: 'base64',
    });
    const odd = har.log.entries.find((entry) => entry._switchboard?.id === 'odd')!;
    expect(odd.request.postData).toMatchObject({
      mimeType: 'application/json',
      _base64: nonUtf8.toString('base64'),
    });
    expect(Buffer.from(odd.response.content.text!, 'base64')).toEqual(
      Buffer.concat([oddBlock, Buffer.from('data: 1\n\n')]),
    );
    expect(odd.response.content.encoding).toBe('base64');
    expect(odd.response.httpVersion).toBe('HTTP/2.0');
  });

  it('fills the standard fields: URL as a URI, query, cookies, form params, timings, server address', () => {
    const odd = har.log.entries.find((entry) => entry._switchboard?.id === 'odd')!;
    expect(odd.request.url).toBe(
      'http://127.0.0.1:9/rpc?api_key=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2&q=a%20b%7Cc',
    );
    expect(odd.request.queryString).toEqual([
      { name: 'api_key', value: SECRET_MASK },
      { name: 'q', value: 'a b|c' },
    ]);
    expect(odd.startedDateTime).toBe(new Date(1_800_000_000_000.125).toISOString());
    expect(odd.time).toBeCloseTo(10.375);

    const oauth = har.log.entries.find((entry) => entry._switchboard?.id === 'oauth')!;
    expect(oauth.request.cookies).toEqual([
      { name: 'sid', value: 'abc' },
      { name: 'theme', value: 'dark' },
    ]);
    expect(oauth.response.cookies).toEqual([
      {
        name: 'sid',
        value: 'xyz',
        path: '/',
        expires: '2026-10-21T07:28:00.000Z',
        httpOnly: true,
        secure: true,
      },
    ]);
    expect(oauth.request.postData).toMatchObject({
      mimeType: 'application/x-www-form-urlencoded',
      params: [
        { name: 'grant_type', value: 'client_credentials' },
        { name: 'client_secret', value: SECRET_MASK },
        { name: 'scope', value: 'a b' },
      ],
      _truncated: { limit: 50, seen: 70 },
    });
    expect(oauth.timings).toEqual({ blocked: -1, dns: -1, connect: 1, send: 0, wait: 3, receive: 1 });
    expect(oauth.serverIPAddress).toBe('10.0.0.7');
    expect(oauth.time).toBe(5);
  });

  it('writes a failed exchange as status 0 with the error in _error', () => {
    const entry = har.log.entries.find((item) => item._switchboard?.id === 'refused')!;
    expect(entry.response).toMatchObject({
      status: 0,
      _error: 'Connection refused: connect ECONNREFUSED 127.0.0.1:1',
      content: { size: 0, mimeType: 'x-unknown' },
    });
    expect(entry._switchboard).toMatchObject({ error: { code: 'ECONNREFUSED' }, wire: { noResponse: true } });
  });

  it('writes a webhook delivery with an absolute URL from its Host header and the verdict', () => {
    const entry = har.log.entries.find((item) => item._switchboard?.id === 'hook-1')!;
    expect(entry.request.url).toBe('http://127.0.0.1:40001/push/target-1?x=1');
    expect(entry.response.statusText).toBe('Accepted: X-A2A-Notification-Token matched');
    expect(entry._switchboard).toMatchObject({
      kind: 'webhook',
      verdict: { accepted: true },
      wire: { url: '/push/target-1?x=1' },
    });
  });

  it('keeps agents and frames no entry carries in log fields of their own', () => {
    expect(har.log._switchboardAgents).toEqual(agents);
    expect(har.log._switchboardFrames).toEqual([orphan]);
    expect(har.log._switchboardFormat).toBe(1);
  });

  it('percent-encodes only what a URI may not hold', () => {
    expect(uriText('https://a.example/p?q=1&r=%41#f')).toBe('https://a.example/p?q=1&r=%41#f');
    expect(uriText('http://u:\u2022@h.example/a b/%zz?x=[1]#a#b')).toBe(
      'http://u:%E2%80%A2@h.example/a%20b/%25zz?x=%5B1%5D#a%23b',
    );
    expect(uriText('http://[::1]:8080/x')).toBe('http://[::1]:8080/x');
  });
});

describe('harToFrames: Switchboard’s own export', () => {
  it('gives back exactly the frames that were exported, for http, sse and webhook kinds', () => {
    const { imported } = exportedAndBack(session);
    expect(byId(imported.frames)).toStrictEqual(byId(finalFrames(session)));
    expect(imported.agents).toStrictEqual(agents);
    expect(imported.notices).toEqual([]);
    const kinds = new Set(imported.frames.map((frame) => frame.kind));
    expect(kinds).toEqual(new Set(['http', 'sse', 'webhook']));
  });

  it('puts each exchange first and its events after it, in seq order', () => {
    const { imported } = exportedAndBack(liveStream);
    expect(imported.frames.map((frame) => frame.id)).toEqual([
      streamFixture.id,
      ...liveStream.filter((frame) => frame.kind === 'sse').map((frame) => frame.id),
    ]);
  });

  it('round-trips every recorded fixture exchange too', () => {
    const all = [
      'v0.2/jsonrpc-stream.json',
      'v0.3/rest-stream.json',
      'v0.3/jsonrpc-extended-card.json',
      'v1.0/jsonrpc-stream.json',
      'v1.0/rest-push-config.json',
    ].flatMap(fixtureFrames);
    const { har, imported } = exportedAndBack(all, []);
    expect(schemaErrors(har)).toEqual([]);
    expect(imported.frames).toStrictEqual(all);
    expect(imported.agents).toEqual([]);
  });
});

/** A HAR as Chrome DevTools saves it: its own underscore fields, lowercase versions, no Switchboard fields. */
function chromeHar(): unknown {
  const started = '2026-11-22T04:36:46.498Z';
  const entry = (overrides: Record<string, unknown>) => ({
    _initiator: { type: 'script' },
    _priority: 'High',
    _resourceType: 'fetch',
    cache: {},
    connection: '81234',
    pageref: 'page_1',
    serverIPAddress: '127.0.0.1',
    startedDateTime: started,
    time: 12.5,
    timings: {
      blocked: 1.5,
      dns: -1,
      ssl: -1,
      connect: -1,
      send: 0.5,
      wait: 8,
      receive: 2.5,
      _blocked_queueing: 1.2,
    },
    ...overrides,
  });
  const request = (url: string, extra: Record<string, unknown> = {}) => ({
    method: 'POST',
    url,
    httpVersion: 'http/1.1',
    headers: [
      { name: 'content-type', value: 'application/json' },
      { name: 'accept', value: 'text/event-stream' },
    ],
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: 2,
    postData: { mimeType: 'application/json', text: '{}' },
    ...extra,
  });
  const response = (extra: Record<string, unknown>) => ({
    status: 200,
    statusText: 'OK',
    httpVersion: 'http/1.1',
    cookies: [],
    redirectURL: '',
    headersSize: -1,
    bodySize: -1,
    _transferSize: 900,
    _error: null,
    ...extra,
  });
  return {
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [
        {
          startedDateTime: started,
          id: 'page_1',
          title: 'Agent',
          pageTimings: { onContentLoad: -1, onLoad: -1 },
        },
      ],
      entries: [
        entry({
          request: request('http://127.0.0.1:46875/a2a/jsonrpc'),
          response: response({
            headers: [{ name: 'content-type', value: 'text/event-stream' }],
            content: { size: Buffer.byteLength(streamText), mimeType: 'text/event-stream', text: streamText },
          }),
        }),
        entry({
          request: request('http://127.0.0.1:46875/logo.png', { method: 'GET', postData: undefined }),
          response: response({
            headers: [{ name: 'content-type', value: 'image/png' }],
            content: {
              size: 4,
              mimeType: 'image/png',
              text: Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64'),
              encoding: 'base64',
            },
          }),
        }),
        entry({
          request: request('http://127.0.0.1:1/a2a', { method: 'GET', postData: undefined }),
          response: response({
            status: 0,
            statusText: '',
            headers: [],
            content: { size: 0, mimeType: 'x-unknown' },
            _error: 'net::ERR_CONNECTION_REFUSED',
          }),
        }),
        entry({
          request: request('http://127.0.0.1:46875/big.json', { method: 'GET', postData: undefined }),
          response: response({ headers: [], content: { size: 5_000_000, mimeType: 'application/json' } }),
        }),
      ],
    },
  };
}

describe('harToFrames: a HAR from another tool', () => {
  const imported = harToFrames(chromeHar());

  it('reads an event-stream answer into sse frames with the project’s SSE parser', () => {
    const parsed = parseSseText(streamText);
    const [exchange, ...rest] = imported.frames;
    const sse = rest.filter((frame): frame is SseFrame => frame.kind === 'sse');
    expect(exchange).toMatchObject({
      kind: 'http',
      id: 'har-1',
      source: 'har',
      request: { method: 'POST', url: 'http://127.0.0.1:46875/a2a/jsonrpc', body: { text: '{}', size: 2 } },
      response: { status: 200, httpVersion: '1.1', body: { size: 0, text: '' } },
      stream: {
        bytes: Buffer.byteLength(streamText),
        events: parsed.events.length,
        emptyBlocks: parsed.emptyBlocks.length,
        ended: 'complete',
      },
    });
    expect(sse).toHaveLength(parsed.events.length + parsed.emptyBlocks.length);
    expect(sse.map((frame) => frame.event?.data).filter(Boolean)).toEqual(
      parsed.events.map((event) => event.data),
    );
    expect(sse.every((frame) => frame.exchangeId === 'har-1')).toBe(true);
    expect(sse.map((frame) => frame.raw).join('')).toBe(streamText);
    expect(sse[0]!.json).toEqual(JSON.parse(parsed.events[0]!.data));
    // The blocks tile the body byte for byte.
    sse.forEach((frame, index) => {
      expect(frame.seq).toBe(index);
      if (index > 0) expect(frame.offset.start).toBe(sse[index - 1]!.offset.end);
    });
  });

  it('derives instants from the entry’s timings', () => {
    const start = Date.parse('2026-11-22T04:36:46.498Z');
    expect(imported.frames[0]!.timing).toEqual({
      start,
      firstByte: start + 1.5 + 0.5 + 8,
      end: start + 12.5,
    });
  });

  it('decodes base64 content, turns status 0 into an error, and says what it could not use', () => {
    const image = imported.frames.find((frame) => frame.id === 'har-2') as HttpFrame;
    expect(Buffer.from(image.response!.body.base64, 'base64')).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(image.response!.body.utf8Valid).toBe(false);
    const refusedEntry = imported.frames.find((frame) => frame.id === 'har-3') as HttpFrame;
    expect(refusedEntry.response).toBeUndefined();
    expect(refusedEntry.error).toEqual({
      kind: 'network',
      label: 'No response',
      message: 'net::ERR_CONNECTION_REFUSED',
    });
    expect(imported.notices).toEqual([
      'Entry 4: the response body is not in the HAR file.',
      '4 of 4 entries were not written by Switchboard: they were read as plain HTTP exchanges, without agent, task or check information.',
    ]);
    expect(imported.agents).toEqual([]);
  });
});

describe('harToFrames: bad input', () => {
  it('refuses what is not a HAR with one plain sentence', () => {
    expect(() => harToFrames(null)).toThrow('This is not a HAR file: it is not a JSON object.');
    expect(() => harToFrames([1, 2])).toThrow('This is not a HAR file: it is not a JSON object.');
    expect(() => harToFrames({ frames: [] })).toThrow('This is not a HAR file: log is missing.');
    expect(() => harToFrames({ log: { version: '1.2' } })).toThrow(
      'This is not a HAR file: log.entries is missing.',
    );
    expect(() => harToFrames({ log: { version: '1.2', entries: {} } })).toThrow(
      'This is not a HAR file: log.entries is not a list.',
    );
    expect(() => harToFrames({ log: { version: '2.0', entries: [] } })).toThrow(
      'HAR version 2.0 is not supported.',
    );
    expect(() => harToFrames({ log: { version: 12, entries: [] } })).toThrow(
      'This is not a HAR file: log.version is not a string.',
    );
  });

  it('skips entries it cannot read, with a notice each, and never throws on wrong types', () => {
    const result = harToFrames({
      log: {
        entries: [
          1,
          'entry',
          null,
          { request: 5 },
          { request: { method: 'GET' } },
          {
            request: {
              method: 'GET',
              url: 'http://a.example/',
              headers: [{ name: 1 }, 'x', { name: 'A', value: 'b' }],
            },
            response: 'none',
          },
          {
            _switchboard: { kind: 'http', id: 'x', timing: { start: 1 } },
            request: { method: 'GET', url: 'http://a.example/' },
          },
          {
            _switchboard: { kind: 'http', id: 'x', timing: { start: 1 } },
            request: { method: 'GET', url: 'http://a.example/' },
            response: {},
          },
        ],
        _switchboardAgents: [{ id: 'a', name: 'Broken' }],
        _switchboardFrames: 'nope',
      },
    });
    expect(result.frames.map((frame) => frame.id)).toEqual(['har-6', 'x']);
    expect(result.frames[0]).toMatchObject({
      request: { headers: [['A', 'b']] },
      error: { kind: 'network' },
    });
    expect(result.notices).toEqual([
      'The HAR file does not say its version; it was read as HAR 1.2.',
      'Entry 1 was skipped: it is not an object.',
      'Entry 2 was skipped: it is not an object.',
      'Entry 3 was skipped: it is not an object.',
      'Entry 4 was skipped: its request is missing.',
      'Entry 5 was skipped: its request has no URL.',
      'Entry 6: 2 headers without a name and value were left out.',
      'Entry 6 has no readable start time; it is shown at the epoch.',
      'Entry 7 was skipped: its response is missing.',
      '1 of 8 entries were not written by Switchboard: they were read as plain HTTP exchanges, without agent, task or check information.',
      'An agent stored in the file (Broken) is not readable and was skipped.',
    ]);
  });

  it('survives deep nesting, huge strings and a flood of bad entries', () => {
    let deep: unknown = { name: 'x', value: 'y' };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const huge = 'x'.repeat(5_000_000);
    const entries: unknown[] = [
      {
        startedDateTime: huge,
        request: { method: 'GET', url: `http://a.example/${huge}`, headers: deep, postData: deep },
        response: { status: 200, headers: [], content: { mimeType: huge, text: huge, encoding: huge } },
        _switchboard: deep,
        _sseEvents: deep,
      },
      ...Array.from({ length: 10_000 }, () => 7),
    ];
    const result = harToFrames({ log: { version: '1.2', entries, _switchboardAgents: deep } });
    expect(result.frames).toHaveLength(1);
    expect((result.frames[0] as HttpFrame).response!.body.size).toBe(5_000_000);
    expect(result.notices.length).toBeLessThanOrEqual(51);
    expect(result.notices.at(-1)).toMatch(/^… and \d+ more notices like these\.$/);
  });

  it('tells a HAR from a session file and from anything else', () => {
    expect(looksLikeHar(chromeHar())).toBe(true);
    expect(looksLikeHar({ log: { entries: [] } })).toBe(true);
    expect(looksLikeHar({ format: 'switchboard-session', frames: [] })).toBe(false);
    expect(looksLikeHar({ log: 'text' })).toBe(false);
    expect(looksLikeHar({ log: {} })).toBe(false);
    expect(looksLikeHar('{"log":{}}')).toBe(false);
    expect(looksLikeHar(null)).toBe(false);
  });
});

describe('HAR types', () => {
  it('the exported log is plain JSON (nothing lost in JSON.stringify)', () => {
    const { har, text } = exportedAndBack(session);
    expect(JSON.parse(text) as HarLog).toEqual(har);
    const entries: HarEntry[] = har.log.entries;
    expect(entries.every((entry) => typeof entry.time === 'number' && entry.time >= 0)).toBe(true);
  });
});

describe('byte helpers (property)', () => {
  it('write base64 exactly as Node does and read it back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = bytesToBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(base64ToBytes(text)).toEqual(bytes);
        expect(byteStringToBytes(bytesToByteString(bytes))).toEqual(bytes);
      }),
    );
    expect(base64ToBytes('not base64!')).toBeUndefined();
    expect(base64ToBytes('QUJD\nRA')).toEqual(new Uint8Array([65, 66, 67, 68]));
  });
});
