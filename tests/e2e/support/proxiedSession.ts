// A session file made by hand with frames the recording proxy carried (PRX-1): a proxied JSON-RPC send whose
// answer a fault rule replaced (PRX-4), a proxied card fetch whose interfaces were rewritten, a proxied event stream
// one of whose events a rule corrupted, and one exchange of the app's own, untagged, so specs can show the via-proxy tags and notes before the proxy's engine is in the build.
// Frames have the shape the host records (shared/session/frameSchema.ts checks them on open).

import { SESSION_FORMAT, SESSION_SCHEMA_VERSION } from '../../../shared/session/sessionFile';

const PROXY = 'http://127.0.0.1:41001';
const UPSTREAM = 'http://127.0.0.1:9001';

function bytes(text: string) {
  return {
    base64: Buffer.from(text).toString('base64'),
    text,
    size: Buffer.byteLength(text),
    utf8Valid: true,
  };
}

const client = { address: '127.0.0.1', port: 51234, userAgent: 'a2a-js/1.3.0' };
const tag = { proxyId: 'p1', listenUrl: PROXY, upstream: UPSTREAM, client };

function exchange(id: string, at: number, url: string, request: string, status: number, answer: string) {
  return {
    kind: 'http',
    id,
    source: 'proxy',
    timing: { start: at, firstByte: at + 5, end: at + 8 },
    request: {
      method: request ? 'POST' : 'GET',
      url,
      headers: request ? [['Content-Type', 'application/json']] : [],
      ...(request ? { body: bytes(request) } : {}),
    },
    response: {
      status,
      statusText: status === 200 ? 'OK' : 'Service Unavailable',
      httpVersion: '1.1',
      headers: [['Content-Type', 'application/json']],
      body: bytes(answer),
    },
  };
}

export function proxiedSessionText(): string {
  const at = Date.UTC(2026, 10, 27);
  const card = exchange(
    'c1',
    at,
    `${PROXY}/.well-known/agent-card.json`,
    '',
    200,
    '{"name":"Proxied agent"}',
  );
  const send = exchange(
    's1',
    at + 10,
    `${PROXY}/`,
    '{"jsonrpc":"2.0","id":1,"method":"message/send","params":{}}',
    503,
    '{"error":"injected"}',
  );
  const own = exchange('o1', at + 20, `${UPSTREAM}/health`, '', 200, '{"ok":true}');
  const eventRaw = 'data: {"n":1}\n\n';
  const stream = {
    ...exchange('t1', at + 30, `${PROXY}/events`, '', 200, eventRaw),
    stream: { bytes: eventRaw.length, events: 1, emptyBlocks: 0, ended: 'complete' },
    proxied: { ...tag, binding: 'other' },
  };
  stream.response.headers = [['Content-Type', 'text/event-stream']];
  const event = {
    kind: 'sse',
    id: 't1-e0',
    exchangeId: 't1',
    source: 'proxy',
    timing: { start: at + 35 },
    seq: 0,
    offset: { start: 0, end: eventRaw.length },
    raw: eventRaw,
    dispatched: true,
    event: { index: 0, type: 'message', data: '{"n":1}' },
    proxied: {
      ...tag,
      binding: 'other',
      faults: [{ ruleId: 'garble', kind: 'corrupt-event', detail: 'Corrupted the data of event 1' }],
    },
  };
  const frames = [
    { ...card, proxied: { ...tag, binding: 'card', rewritten: 'card' } },
    {
      ...send,
      proxied: {
        ...tag,
        binding: 'JSONRPC',
        faults: [{ ruleId: 'outage', kind: 'error', detail: 'Answered HTTP 503 instead of the agent' }],
      },
    },
    { ...own, source: 'address-bar' },
    stream,
    event,
  ];
  return JSON.stringify({
    format: SESSION_FORMAT,
    schemaVersion: SESSION_SCHEMA_VERSION,
    appVersion: 'test',
    savedAt: new Date(at).toISOString(),
    title: 'Proxied traffic',
    agents: [],
    frames,
    redactions: [],
    blobs: {},
  });
}
