// Writes an answer to the proxy's caller as it arrives (PRX-1): the head, then each body chunk the moment it is read,
// waiting only when the caller's socket is full. Nothing is buffered whole, so a stream reaches the caller event by
// event. The head goes out at once for an answer passed on as is; for one a fault hook shaped (PRX-4) it waits for
// the first chunk, so a delayed first byte delays the head too, as a slow agent would.

import type { ServerResponse } from 'node:http';
import type { ProxyAnswer } from '../../../shared/proxy/proxyTypes';
import type { HeaderList } from '../../../shared/wire/frame';
import { forwardableHeaders } from '../../../shared/proxy/hopByHop';
import { flatLines } from '../exchange';

export interface WrittenAnswer {
  /** Bytes of body written to the caller. */
  bytes: number;
  /** The caller went away, or the body ended with an error, before the answer was complete. */
  cut: boolean;
}

export async function writeAnswer(
  res: ServerResponse,
  answer: ProxyAnswer,
  options: { headFirst: boolean; onChunk?: (chunk: Uint8Array) => void },
): Promise<WrittenAnswer> {
  let bytes = 0;
  const writeHead = () => {
    if (!res.headersSent) res.writeHead(answer.status, answer.statusText, flatHeaders(answer.headers));
  };
  let started = false;
  if (options.headFirst) {
    writeHead();
    // Without a flush, node:http holds the head until the first body write, and a stream's caller waits on the head.
    // Flushed after this turn of the event loop, not now: a body that came with the head (most answers) leaves with
    // it in one write, not two (bench:proxy); a body still on its way does not hold the head back.
    setImmediate(() => {
      if (!started && !res.destroyed) res.flushHeaders();
    });
  }
  try {
    for await (const chunk of answer.body) {
      if (res.destroyed) return { bytes, cut: true };
      started = true;
      writeHead();
      options.onChunk?.(chunk);
      bytes += chunk.byteLength;
      if (!res.write(chunk)) await drained(res);
    }
  } catch {
    // The upstream cut the body short: the caller sees its connection cut too, as it would have talking directly.
    res.destroy();
    return { bytes, cut: true };
  }
  started = true;
  writeHead();
  res.end();
  return { bytes, cut: res.destroyed && !res.writableFinished };
}

/** Resolves when the caller's socket can take more, or is gone. */
export function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Header lines for node:http's writeHead as a flat list (name, value, name, value …), which keeps order, casing and
 * repeats. Hop-by-hop fields are the proxy's own business on each side (RFC 9110 §7.6.1).
 */
export function flatHeaders(headers: HeaderList): string[] {
  return flatLines(forwardableHeaders(headers));
}

/** One chunk as an async iterable: an answer the proxy made itself. */
export async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  if (bytes.byteLength > 0) yield bytes;
}
