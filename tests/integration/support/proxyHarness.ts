// What the recording proxy's integration tests share (PRX-1): a recorder that keeps what the proxy publishes (newest
// revision of each frame), and a fetch for the SDK clients that numbers each request with a header the proxy passes
// on and keeps the exact bytes the client received, so a test can set them beside the frames of the same exchange.

import { expect } from 'vitest';
import type { Recorder } from '../../../electron/host/agent/recorder';
import type { Frame, HttpFrame, SseFrame } from '../../../shared/wire/frame';

export const SEQ_HEADER = 'X-Proxy-Test-Seq';

export interface KeptFrames {
  recorder: Recorder;
  all(): Frame[];
  /** The proxy's exchange frames, oldest first. */
  proxied(): HttpFrame[];
  /** The exchange frame that carried the tapped request numbered `seq`. */
  bySeq(seq: number): HttpFrame;
  events(exchangeId: string): SseFrame[];
}

export function keptFrames(): KeptFrames {
  const latest = new Map<string, Frame>();
  let next = 0;
  const keep = (frame: Frame) => latest.set(frame.id, structuredClone(frame));
  const recorder: Recorder = {
    deps: {
      nextId: () => `f${String(next++).padStart(6, '0')}`,
      now: () => Date.now(),
      userAgent: 'proxy-test',
    },
    publish: keep,
  };
  const all = () => [...latest.values()];
  const proxied = () => all().filter((f): f is HttpFrame => f.kind === 'http' && f.source === 'proxy');
  return {
    recorder,
    all,
    proxied,
    bySeq(seq) {
      const found = proxied().find((f) =>
        f.request.headers.some(
          ([name, value]) => name.toLowerCase() === SEQ_HEADER.toLowerCase() && value === `${seq}`,
        ),
      );
      if (!found) throw new Error(`no proxied frame for request ${seq}`);
      return found;
    },
    events: (exchangeId) =>
      all()
        .filter((f): f is SseFrame => f.kind === 'sse' && f.exchangeId === exchangeId)
        .sort((a, b) => a.seq - b.seq),
  };
}

export interface Tap {
  fetch: typeof fetch;
  /** What the client received for each numbered request, once its body has ended. */
  received: Map<number, Promise<Buffer>>;
  /** Request numbers by URL path, in order sent. */
  sent: Array<{ seq: number; method: string; path: string }>;
}

/** A fetch that numbers each request and keeps a copy of the response bytes as the client reads them. */
export function tapFetch(): Tap {
  const received = new Map<number, Promise<Buffer>>();
  const sent: Tap['sent'] = [];
  let seq = 0;
  const tapped: typeof fetch = async (input, init) => {
    const n = ++seq;
    const request = new Request(input, init);
    request.headers.set(SEQ_HEADER, String(n));
    sent.push({ seq: n, method: request.method, path: new URL(request.url).pathname });
    const response = await fetch(request);
    if (!response.body) {
      received.set(n, Promise.resolve(Buffer.alloc(0)));
      return response;
    }
    const [forClient, forTest] = response.body.tee();
    received.set(n, collect(forTest));
    return new Response(forClient, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetch: tapped, received, sent };
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The bytes the upstream sent for an exchange, as the proxy recorded them: the body, or the stream's blocks. */
export function upstreamBytes(kept: KeptFrames, frame: HttpFrame): Buffer {
  if (frame.stream)
    return Buffer.from(
      kept
        .events(frame.id)
        .map((e) => e.raw)
        .join(''),
      'utf8',
    );
  return Buffer.from(frame.response?.body.base64 ?? '', 'base64');
}

/**
 * Every tapped exchange: what the client read equals what the proxy read from the agent; a card, moved to the proxy,
 * differs only in its interface URLs (those under `${upstream}/a2a/`). Returns how many were compared byte for byte.
 */
export async function expectSameBytes(kept: KeptFrames, tap: Tap, upstream: string): Promise<number> {
  let compared = 0;
  for (const { seq } of tap.sent) {
    const client = await tap.received.get(seq)!;
    const frame = kept.bySeq(seq);
    const bytes = upstreamBytes(kept, frame);
    if (frame.proxied?.rewritten === 'card') {
      const moved = bytes.toString('utf8').split(`${upstream}/a2a/`).join(`${frame.proxied.listenUrl}/a2a/`);
      expect(client.toString('utf8'), `card ${seq}`).toBe(moved);
      continue;
    }
    expect(client.equals(bytes), `request ${seq} ${frame.request.url}`).toBe(true);
    compared++;
  }
  return compared;
}
