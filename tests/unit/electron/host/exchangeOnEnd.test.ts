// A streamed body's reader hears of the exchange's end as it settles (exchange.ts `onEnd`), before the frame is
// handed on, so the recording proxy can end its caller's copy then (bench:proxy): once, with nothing for a body that
// came whole, with the frame's error for one cut short.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExchange } from '../../../../electron/host/exchange';
import type { FrameError } from '../../../../shared/wire/frame';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/whole') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('one ');
      res.end('two');
    } else {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
      res.write('only a part', () => res.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function run(path: string) {
  const ends: Array<FrameError | undefined> = [];
  let body = '';
  let resolvedBeforeEnd = false;
  const exchange = startExchange(
    { method: 'GET', url: `${base}${path}` },
    { nextId: () => 'x', now: () => Date.now(), userAgent: 'test' },
    {
      source: 'test',
      timeouts: {},
      readBody: () => ({
        mode: 'stream',
        onChunk: (chunk) => {
          body += chunk.toString();
          return undefined;
        },
        onEnd: (failure) => ends.push(failure),
      }),
    },
  );
  const frame = await exchange.done.then((done) => {
    resolvedBeforeEnd = ends.length === 0;
    return done;
  });
  return { ends, body, frame, resolvedBeforeEnd };
}

describe('a streamed body reader', () => {
  it('hears once, with no failure, that a whole body ended, before the frame is handed on', async () => {
    const { ends, body, frame, resolvedBeforeEnd } = await run('/whole');
    expect(body).toBe('one two');
    expect(ends).toEqual([undefined]);
    expect(resolvedBeforeEnd).toBe(false);
    expect(frame.error).toBeUndefined();
  });

  it('hears once, with the frame’s error, that a body was cut short', async () => {
    const { ends, frame } = await run('/cut');
    expect(ends).toHaveLength(1);
    expect(ends[0]).toBeDefined();
    expect(ends[0]).toEqual(frame.error);
  });
});
