// The hostile peer itself, checked with plain node:http (no client code under test): each fault misbehaves exactly as
// documented, the writers stop when the client leaves, redirects point at the other origin, the request log is
// faithful, and close() ends every hanging or endless response.

import http, { type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HUGE_BODY_BYTES,
  SPLIT_UTF8_TEXT,
  hostileFaults,
  startHostilePeer,
  type HostileFault,
  type HostilePeerHandle,
} from '../peers/hostilePeer';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  chunks: Buffer[];
  body: Buffer;
  /** The body ended properly (the final chunk or Content-Length reached). */
  complete: boolean;
}

interface SendOptions {
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  /** Client gives up after this much socket idleness and rejects with "client timeout". */
  idleTimeoutMs?: number;
  /** Abort once this many body bytes have arrived; the response then resolves incomplete. */
  abortAfterBytes?: number;
  /** Abort once the body so far contains this text. */
  abortWhenSeen?: string;
}

/** One request on its own connection, resolving when the response closes, however it closes. */
function send(url: string, options: SendOptions = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      agent: false,
    });
    if (options.idleTimeoutMs !== undefined) {
      req.setTimeout(options.idleTimeoutMs, () => req.destroy(new Error('client timeout')));
    }
    req.once('error', reject);
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let complete = false;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        const seen =
          options.abortWhenSeen !== undefined && Buffer.concat(chunks).includes(options.abortWhenSeen);
        if (seen || (options.abortAfterBytes !== undefined && size >= options.abortAfterBytes)) req.destroy();
      });
      res.once('end', () => (complete = true));
      // An aborted body emits 'error' (ECONNRESET "aborted"); 'close' below still reports what arrived.
      res.on('error', () => undefined);
      res.once('close', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          chunks,
          body: Buffer.concat(chunks),
          complete,
        }),
      );
    });
    req.end(options.body);
  });
}

function rpcBody(method: string, id: string | number = 1, params: unknown = {}): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params });
}

const sendMessageParams = { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hello' }] } };

function rpc(
  peer: HostilePeerHandle,
  fault: HostileFault,
  method: string,
  extra: SendOptions & { id?: string | number } = {},
) {
  return send(`${peer.agentUrl(fault)}/rpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
    body: rpcBody(method, extra.id ?? 1, method.startsWith('Send') ? sendMessageParams : { id: 'task-drop' }),
    ...extra,
  });
}

/** SSE data payloads split on a blank line of the given line ending (enough for the peer's simple framing). */
function dataOf(text: string, eol: string): string[] {
  return text
    .split(eol + eol)
    .filter((block) => block !== '')
    .map((block) =>
      block
        .split(eol)
        .map((line) => line.replace(/^data: /, ''))
        .join('\n'),
    );
}

function states(payloads: string[]): string[] {
  return payloads.map((payload) => {
    const result = (JSON.parse(payload) as { result: Record<string, { status?: { state: string } }> }).result;
    return Object.values(result)[0]?.status?.state ?? 'none';
  });
}

let peer: HostilePeerHandle;
beforeAll(async () => {
  peer = await startHostilePeer();
});
afterAll(async () => {
  await peer.close();
});

describe('every hostile agent', () => {
  it('listens on 127.0.0.1 and spells the redirect target as another origin', () => {
    expect(peer.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(peer.otherOrigin).toMatch(/^http:\/\/localhost:\d+$/);
    expect(peer.agentUrl('html-502')).toBe(`${peer.baseUrl}/html-502`);
  });

  it.each(hostileFaults.filter((fault) => fault !== 'redirect'))(
    '%s serves a valid 1.0 card',
    async (fault) => {
      const res = await send(`${peer.agentUrl(fault)}/.well-known/agent-card.json`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json');
      expect(JSON.parse(res.body.toString())).toMatchObject({
        name: `Hostile ${fault}`,
        description: expect.any(String),
        version: expect.any(String),
        supportedInterfaces: [
          { url: `${peer.baseUrl}/${fault}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        ],
        capabilities: { streaming: true },
        defaultInputModes: expect.any(Array),
        defaultOutputModes: expect.any(Array),
        skills: [
          expect.objectContaining({
            id: expect.any(String),
            name: expect.any(String),
            tags: expect.any(Array),
          }),
        ],
      });
    },
  );

  it('answers unknown paths with 404 JSON and unknown methods with -32601', async () => {
    const missing = await send(`${peer.baseUrl}/no-such-fault/rpc`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('application/json');
    const unknown = await rpc(peer, 'cr-only', 'ListTasks', { id: 'u1' });
    expect(JSON.parse(unknown.body.toString())).toMatchObject({ id: 'u1', error: { code: -32601 } });
  });
});

describe('stream faults', () => {
  it('drop-mid-stream sends two events, then the body ends without its final chunk', async () => {
    const res = await rpc(peer, 'drop-mid-stream', 'SendStreamingMessage');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.complete).toBe(false);
    expect(states(dataOf(res.body.toString(), '\n'))).toEqual(['TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING']);
  });

  it('drop-mid-stream leaves the task working for GetTask and finishes it on SubscribeToTask', async () => {
    const get = await rpc(peer, 'drop-mid-stream', 'GetTask', { id: 2 });
    expect(JSON.parse(get.body.toString())).toMatchObject({
      id: 2,
      result: { id: 'task-drop', contextId: 'ctx-drop', status: { state: 'TASK_STATE_WORKING' } },
    });
    const sub = await rpc(peer, 'drop-mid-stream', 'SubscribeToTask');
    expect(sub.complete).toBe(true);
    expect(states(dataOf(sub.body.toString(), '\n'))).toEqual(['TASK_STATE_WORKING', 'TASK_STATE_COMPLETED']);
  });

  it('cr-only frames three events with bare carriage returns', async () => {
    const res = await rpc(peer, 'cr-only', 'SendStreamingMessage');
    const text = res.body.toString();
    expect(res.complete).toBe(true);
    expect(text).not.toContain('\n');
    const payloads = dataOf(text, '\r');
    expect(payloads).toHaveLength(3);
    expect(states(payloads).at(-1)).toBe('TASK_STATE_COMPLETED');
  });

  it('split-utf8 cuts its chunks inside UTF-8 sequences and inside a CRLF', async () => {
    const res = await rpc(peer, 'split-utf8', 'SendStreamingMessage');
    expect(res.complete).toBe(true);
    const text = res.body.toString('utf8');
    const payloads = dataOf(text, '\r\n');
    expect(payloads).toHaveLength(3);
    expect(payloads[1]).toContain(SPLIT_UTF8_TEXT);
    expect(states(payloads).at(-1)).toBe('TASK_STATE_COMPLETED');
    // Same process, one poll between writes: the cuts survive to the client.
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const brokenAlone = res.chunks.filter((chunk) => {
      try {
        decoder.decode(chunk);
        return false;
      } catch {
        return true;
      }
    });
    expect(brokenAlone.length).toBeGreaterThan(0);
    expect(res.chunks.some((chunk) => chunk.at(-1) === 0x0d)).toBe(true);
  });

  it('non-json-data puts a non-JSON event between two valid ones', async () => {
    const res = await rpc(peer, 'non-json-data', 'SendStreamingMessage');
    const payloads = dataOf(res.body.toString(), '\n');
    expect(payloads).toHaveLength(3);
    expect(payloads[1]).toBe('this is not json');
    expect(states([payloads[0] ?? '', payloads[2] ?? ''])).toEqual([
      'TASK_STATE_WORKING',
      'TASK_STATE_COMPLETED',
    ]);
  });

  it('hang sends one working status and then nothing', async () => {
    const opened = peer.nextStreamOpened();
    const res = await rpc(peer, 'hang', 'SendStreamingMessage', { abortWhenSeen: '\n\n' });
    expect(await opened).toMatchObject({ method: 'POST', path: '/hang/rpc' });
    expect(res.complete).toBe(false);
    expect(states(dataOf(res.body.toString(), '\n'))).toEqual(['TASK_STATE_WORKING']);
  });

  it('endless-line streams `data: aaa…` with no line ending until the client leaves', async () => {
    const stopped = peer.nextWriterStopped();
    const res = await rpc(peer, 'endless-line', 'SendStreamingMessage', { abortAfterBytes: 1024 * 1024 });
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.body.subarray(0, 10).toString()).toBe('data: aaaa');
    expect(res.body.includes('\n')).toBe(false);
    expect(res.body.includes('\r')).toBe(false);
    const report = await stopped;
    expect(report).toMatchObject({ fault: 'endless-line', reason: 'client-closed' });
    expect(report.bytes).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('response faults', () => {
  it('html-502 answers with a 3 KB gateway error page', async () => {
    const res = await rpc(peer, 'html-502', 'SendMessage');
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.toString()).toContain('<title>502 Bad Gateway</title>');
    expect(res.body.length).toBeGreaterThan(2500);
    expect(res.body.length).toBeLessThan(3600);
  });

  it.each(['SendMessage', 'SendStreamingMessage'])(
    'wrong-content-type labels a valid result text/plain (%s)',
    async (method) => {
      const res = await rpc(peer, 'wrong-content-type', method, { id: 9 });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain');
      expect(JSON.parse(res.body.toString())).toMatchObject({
        jsonrpc: '2.0',
        id: 9,
        result: { task: { status: { state: 'TASK_STATE_COMPLETED' } } },
      });
    },
  );

  it('id-mismatch answers numeric ids +1000 and string ids prefixed', async () => {
    const numeric = await rpc(peer, 'id-mismatch', 'SendMessage', { id: 7 });
    expect(numeric.headers['content-type']).toBe('application/json');
    expect(JSON.parse(numeric.body.toString())).toMatchObject({
      id: 1007,
      result: { task: { status: { state: 'TASK_STATE_COMPLETED' } } },
    });
    const text = await rpc(peer, 'id-mismatch', 'SendMessage', { id: 'abc' });
    expect(JSON.parse(text.body.toString())).toMatchObject({ id: 'not-abc' });
  });

  it('hang-head never starts a response', async () => {
    const arrived = peer.nextRequest();
    await expect(rpc(peer, 'hang-head', 'SendMessage', { idleTimeoutMs: 150 })).rejects.toThrow(
      'client timeout',
    );
    expect(await arrived).toMatchObject({ listener: 'main', method: 'POST', path: '/hang-head/rpc' });
  });

  it('huge-body sends 100 MiB of valid-looking JSON', async () => {
    const stopped = peer.nextWriterStopped();
    const res = await new Promise<{ headers: IncomingHttpHeaders; size: number; head: string; tail: string }>(
      (resolve, reject) => {
        const req = http.request(
          `${peer.agentUrl('huge-body')}/rpc`,
          { method: 'POST', agent: false },
          (r) => {
            let size = 0;
            let head = '';
            let last: Buffer = Buffer.alloc(0);
            r.on('data', (chunk: Buffer) => {
              if (size === 0) head = chunk.subarray(0, 40).toString();
              size += chunk.length;
              last = chunk;
            });
            r.once('end', () =>
              resolve({ headers: r.headers, size, head, tail: last.subarray(-8).toString() }),
            );
            r.once('error', reject);
          },
        );
        req.once('error', reject);
        req.end(rpcBody('SendMessage', 5, sendMessageParams));
      },
    );
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['content-length']).toBe(String(HUGE_BODY_BYTES));
    expect(res.size).toBe(HUGE_BODY_BYTES);
    expect(res.head).toBe('{"jsonrpc":"2.0","id":5,"result":{"task"');
    expect(res.tail).toBe('xxx"}}}}');
    expect(await stopped).toMatchObject({ fault: 'huge-body', reason: 'finished', bytes: HUGE_BODY_BYTES });
  });

  it('huge-body stops writing when the client aborts after 1 MiB', async () => {
    const stopped = peer.nextWriterStopped();
    const res = await rpc(peer, 'huge-body', 'SendMessage', { abortAfterBytes: 1024 * 1024 });
    expect(res.complete).toBe(false);
    const report = await stopped;
    expect(report).toMatchObject({ fault: 'huge-body', path: '/huge-body/rpc', reason: 'client-closed' });
    // Backpressure: only what fits in the socket buffers went out beyond what the client read.
    expect(report.bytes).toBeLessThan(32 * 1024 * 1024);
  });
});

describe('redirect', () => {
  it('points the card (302) and the endpoint (307) at the other origin, and a non-following client never gets there', async () => {
    const before = peer.requests.length;
    const card = await send(`${peer.agentUrl('redirect')}/.well-known/agent-card.json`);
    expect(card.status).toBe(302);
    expect(card.headers.location).toBe(`${peer.otherOrigin}/redirect/.well-known/agent-card.json`);
    const post = await rpc(peer, 'redirect', 'SendMessage');
    expect(post.status).toBe(307);
    expect(post.headers.location).toBe(`${peer.otherOrigin}/redirect/rpc`);
    expect(peer.requests.slice(before).map((r) => r.listener)).toEqual(['main', 'main']);
  });

  it('the other origin answers anything and logs it', async () => {
    const res = await send(`${peer.otherOrigin}/redirect/rpc`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ reached: 'other-origin' });
    expect(peer.requests.at(-1)).toMatchObject({ listener: 'other', method: 'POST', path: '/redirect/rpc' });
  });
});

describe('the request log', () => {
  it('keeps method, path with query and raw header pairs in order', async () => {
    await send(`${peer.agentUrl('cr-only')}/.well-known/agent-card.json?probe=1`, {
      headers: { 'X-Probe-Case': 'Kept', Accept: 'application/json' },
    });
    const entry = peer.requests.at(-1);
    expect(entry).toMatchObject({
      listener: 'main',
      method: 'GET',
      path: '/cr-only/.well-known/agent-card.json?probe=1',
    });
    expect(entry?.headers).toContainEqual(['X-Probe-Case', 'Kept']);
    expect(entry?.headers.map(([name]) => name)).toEqual(
      expect.arrayContaining(['X-Probe-Case', 'Accept', 'Host', 'Connection']),
    );
  });
});

describe('close()', () => {
  it('ends hanging and endless responses, frees both ports, and can be called twice', async () => {
    const own = await startHostilePeer();
    // One at a time, so each response is known to be under way before close().
    let opened = own.nextStreamOpened();
    const hang = rpc(own, 'hang', 'SendStreamingMessage');
    await opened;
    opened = own.nextStreamOpened();
    const writer = own.nextWriterStopped();
    const endless = rpc(own, 'endless-line', 'SendStreamingMessage');
    await opened;
    const arrived = own.nextRequest();
    const hangHead = rpc(own, 'hang-head', 'SendMessage').then(
      () => 'response',
      (error: Error) => error.message,
    );
    await arrived;

    await Promise.all([own.close(), own.close()]);
    expect(await hangHead).toMatch(/socket hang up|ECONNRESET/);
    expect((await hang).complete).toBe(false);
    expect((await endless).complete).toBe(false);
    expect((await writer).reason).toBe('peer-closed');
    await expect(send(`${own.baseUrl}/hang/.well-known/agent-card.json`)).rejects.toThrow(/ECONNREFUSED/);
    await expect(send(`${own.otherOrigin}/`)).rejects.toThrow(/ECONNREFUSED/);
  });
});
