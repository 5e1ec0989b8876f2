// Large bodies out of frames and back: request and response bodies and SSE blocks over the threshold become sha256
// references and return byte for byte, with the SSE fields derived from the bytes rebuilt; a missing blob is
// reported and left empty.

import { describe, expect, it } from 'vitest';
import {
  blobReader,
  externalizeFrame,
  internalizeFrame,
  sha256,
} from '../../../../../electron/host/session/blobs';
import type { BodyBytes, HttpFrame, SseFrame } from '../../../../../shared/wire/frame';

const body = (bytes: Buffer): BodyBytes => ({
  base64: bytes.toString('base64'),
  text: bytes.toString('utf8'),
  size: bytes.byteLength,
  utf8Valid: true,
});

const big = Buffer.from(JSON.stringify({ data: 'x'.repeat(300 * 1024) }));
const http: HttpFrame = {
  kind: 'http',
  id: 'h1',
  source: 'agent:send',
  timing: { start: 1, end: 2 },
  request: { method: 'POST', url: 'http://127.0.0.1/', headers: [], body: body(big) },
  response: { status: 200, statusText: 'OK', httpVersion: '1.1', headers: [], body: body(Buffer.from('{}')) },
};
const data = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { big: 'y'.repeat(300 * 1024) } });
const raw = `data: ${data}\n\n`;
const sse: SseFrame = {
  kind: 'sse',
  id: 's1',
  exchangeId: 'h1',
  source: 'agent:stream',
  timing: { start: 3 },
  seq: 0,
  offset: { start: 0, end: Buffer.byteLength(raw) },
  raw,
  dispatched: true,
  event: { index: 0, type: 'message', data },
  json: JSON.parse(data) as unknown,
  a2a: { item: 'task', state: 'working' },
};

describe('blobs', () => {
  it('moves large bodies out and brings them back exactly', () => {
    const store = new Map<string, Buffer>();
    const stored = externalizeFrame(http, (hash, bytes) => store.set(hash, bytes)) as HttpFrame;
    expect(stored.request.body).toMatchObject({
      base64: '',
      text: '',
      blob: sha256(big),
      size: big.byteLength,
    });
    expect(stored.response?.body.text).toBe('{}');
    expect(JSON.stringify(stored).length).toBeLessThan(2000);
    const missing = new Set<string>();
    expect(
      internalizeFrame(
        stored,
        blobReader((hash) => store.get(hash)),
        missing,
      ),
    ).toEqual(http);
    expect(missing.size).toBe(0);
    expect(externalizeFrame(http, () => undefined, 10 * 1024 * 1024)).toBe(http);
  });

  it('an SSE block keeps its fields: raw, data and JSON rebuilt from the bytes', () => {
    const store = new Map<string, Buffer>();
    const stored = externalizeFrame(sse, (hash, bytes) => store.set(hash, bytes)) as SseFrame & {
      blob: string;
    };
    expect(stored.raw).toBe('');
    expect(stored.event?.data).toBe('');
    expect(stored.json).toBeUndefined();
    expect(stored.blob).toBe(sha256(Buffer.from(raw)));
    expect(
      internalizeFrame(
        stored,
        blobReader((hash) => store.get(hash)),
        new Set(),
      ),
    ).toEqual(sse);
  });

  it('bytes that are not UTF-8 come back as rawBase64', () => {
    const bytes = Buffer.concat([Buffer.from('data: '), Buffer.alloc(300 * 1024, 0xff), Buffer.from('\n\n')]);
    const odd: SseFrame = {
      ...sse,
      raw: bytes.toString('utf8'),
      rawBase64: bytes.toString('base64'),
      offset: { start: 0, end: bytes.byteLength },
      event: { index: 0, type: 'message', data: '' },
    };
    delete odd.json;
    const store = new Map<string, Buffer>();
    const stored = externalizeFrame(odd, (hash, b) => store.set(hash, b));
    const back = internalizeFrame(
      stored,
      blobReader((hash) => store.get(hash)),
      new Set(),
    ) as SseFrame;
    expect(Buffer.from(back.rawBase64!, 'base64').equals(bytes)).toBe(true);
  });

  it('a missing blob is reported and the body left empty', () => {
    const stored = externalizeFrame(http, () => undefined);
    const missing = new Set<string>();
    const back = internalizeFrame(
      stored,
      blobReader(() => undefined),
      missing,
    ) as HttpFrame;
    expect([...missing]).toEqual([sha256(big)]);
    expect(back.request.body).toMatchObject({ text: '', base64: '', size: big.byteLength });
    expect(back.request.body).not.toHaveProperty('blob');
  });
});

it('frames naming the same blob share one decoded copy (a hostile fan-out costs one copy)', () => {
  const store = new Map<string, Buffer>();
  const stored = externalizeFrame(http, (hash, bytes) => store.set(hash, bytes)) as HttpFrame;
  let reads = 0;
  const reader = blobReader((hash) => {
    reads++;
    return store.get(hash);
  });
  const copies = Array.from({ length: 1000 }, () => internalizeFrame(stored, reader, new Set()) as HttpFrame);
  expect(reads).toBe(1);
  expect(copies.every((copy) => copy.request.body!.base64 === copies[0]!.request.body!.base64)).toBe(true);
});
