// The recording proxy forwards first and records behind (PRX-1, bench:proxy): the caller receives exactly the bytes
// the upstream sent, and the frames recorded for a proxied exchange (unary JSON-RPC, unary REST, a stream of 1,000
// events written in pieces that split events) equal, once ids and times are set aside, what the straightforward path
// makes of the same bytes: the stream recorder fed each chunk as it arrives. Unary calls reuse one kept-alive
// connection upstream, which goes when the proxy closes.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingProxy, type RunningProxy } from '../../electron/host/proxy/recordingProxy';
import type { HttpFrame, SseFrame } from '../../shared/wire/frame';
import { recordStream } from '../unit/support/recordStream';
import { keptFrames, type KeptFrames } from './support/proxyHarness';

const EVENTS = 1000;
const status = (state: string, n: number) =>
  `{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"${state}"},` +
  `"metadata":{"n":${n},"text":"déjà vu 雨 🌧"}}}}`;
const STREAM = Buffer.from(
  Array.from(
    { length: EVENTS - 1 },
    (_, n) => `data: ${status('TASK_STATE_WORKING', n)}\n\n${n % 50 ? '' : ': ping\n\n'}`,
  )
    .concat(`data: ${status('TASK_STATE_COMPLETED', EVENTS)}\n\n`)
    .join(''),
);
const UNARY = Buffer.from(
  '{"jsonrpc":"2.0","id":3,"result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}}',
);
const REST = Buffer.from('{"task":{"id":"t2","contextId":"c2","status":{"state":"TASK_STATE_COMPLETED"}}}');

let upstream: Server;
let base = '';
/** The sockets the upstream's A2A calls (not the card) came on. */
const callSockets = new Set<Socket>();

/** Writes the stream in pieces of uneven sizes, each on a later turn, so the proxy gets them as separate chunks. */
async function writePieces(write: (piece: Buffer) => void): Promise<void> {
  for (let at = 0, i = 0; at < STREAM.length; i++) {
    const size = [3, 900, 17, 5000, 1][i % 5]!;
    write(STREAM.subarray(at, at + size));
    at += size;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function card() {
  return {
    name: 'Pieces',
    description: 'Answers in known bytes.',
    supportedInterfaces: [
      { url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${base}/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ],
    version: '1.0.0',
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 's', name: 'S', description: 'S.', tags: ['t'] }],
  };
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(card()));
    return;
  }
  callSockets.add(req.socket);
  let body = '';
  for await (const chunk of req) body += String(chunk);
  if (req.url === '/rest/message:send') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': REST.length }).end(REST);
  } else if ((JSON.parse(body) as { method: string }).method === 'SendStreamingMessage') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    await writePieces((piece) => res.write(piece));
    res.end();
  } else
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': UNARY.length }).end(UNARY);
}

beforeAll(async () => {
  upstream = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const rpc = (method: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method,
    params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
  });

async function post(url: string, body: string): Promise<Buffer> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return Buffer.from(await res.arrayBuffer());
}

/** What a stream frame says of the bytes, without its ids, times and tag. */
function content(frame: SseFrame) {
  const { id: _id, exchangeId: _x, source: _s, timing: _t, proxied: _p, ...rest } = frame;
  return rest;
}

/** The proxy's final frames as it hands them on, and a wait for the next one. */
function finals() {
  const frames: HttpFrame[] = [];
  let wake: (() => void) | undefined;
  return {
    onExchange: (frame: HttpFrame) => {
      frames.push(frame);
      wake?.();
    },
    /** The last final frame of an exchange to `path`, once there is one. */
    async last(path: string, streamed: boolean): Promise<HttpFrame> {
      for (;;) {
        const found = frames
          .filter((f) => new URL(f.request.url).pathname === path && Boolean(f.stream) === streamed)
          .at(-1);
        if (found) return found;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

describe('forward first, record behind', () => {
  let kept: KeptFrames;
  let proxy: RunningProxy;
  const done = finals();
  beforeAll(async () => {
    kept = keptFrames();
    proxy = await startRecordingProxy(
      { upstream: base },
      { recorder: kept.recorder, onExchange: done.onExchange },
    );
  });
  afterAll(() => proxy.close());

  it('passes a split stream on byte for byte and records what the straightforward path records', async () => {
    const received = await post(`${proxy.status().listenUrl}/rpc`, rpc('SendStreamingMessage'));
    expect(received.equals(STREAM)).toBe(true);
    const exchange = await done.last('/rpc', true);
    const events = kept.events(exchange.id);
    const reference = recordStream([STREAM], { nextId: () => 'ref' });
    expect(events.filter((e) => e.dispatched)).toHaveLength(EVENTS);
    expect(events.map(content)).toEqual(reference.frames.map(content));
    expect(events.every((e) => e.proxied?.proxyId === proxy.status().id)).toBe(true);
    expect(exchange.stream).toEqual({ ...reference.exchange.stream, ended: 'complete' });
    expect(exchange.a2a?.taskId).toBe('t1');
  });

  it('passes unary JSON-RPC and REST answers on and records their bytes, over one kept-alive connection', async () => {
    callSockets.clear();
    for (let i = 0; i < 3; i++) {
      expect((await post(`${proxy.status().listenUrl}/rpc`, rpc('SendMessage'))).equals(UNARY)).toBe(true);
      expect((await post(`${proxy.status().listenUrl}/rest/message:send`, rpc('x'))).equals(REST)).toBe(true);
    }
    const unary = await done.last('/rpc', false);
    expect(Buffer.from(unary.response!.body.base64, 'base64').equals(UNARY)).toBe(true);
    const rest = await done.last('/rest/message:send', false);
    expect(Buffer.from(rest.response!.body.base64, 'base64').equals(REST)).toBe(true);
    // What went upstream says the connection stays open, and it did: one socket for all six calls.
    expect(unary.request.headers).toContainEqual(['Connection', 'keep-alive']);
    expect(callSockets.size).toBe(1);
    const [socket] = [...callSockets];
    const closed = new Promise((resolve) => socket!.once('close', resolve));
    await proxy.close();
    await closed;
  });
});
