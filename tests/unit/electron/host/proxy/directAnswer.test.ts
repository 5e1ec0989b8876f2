// An answer no hook shaped goes to the proxy's caller without a queue (directAnswer.ts, bench:proxy). Differential:
// the same scripted upstream answer (a head, chunks spread over turns of the event loop, an end that may be cut short)
// passed through DirectAnswer and through the straightforward path, a ChunkQueue read by writeAnswer, gives the client
// the same bytes on the wire and the proxy the same account of what it wrote, the caller going away included. A
// caller that reads nothing holds the upstream back once a ChunkQueue's worth waits, and lets it go when it reads.

import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAnswer, type WrittenAnswer } from '../../../../../electron/host/proxy/answerWriter';
import { ChunkQueue, HIGH_WATER_BYTES } from '../../../../../electron/host/proxy/chunkQueue';
import { DirectAnswer } from '../../../../../electron/host/proxy/directAnswer';
import type { HeaderList } from '../../../../../shared/wire/frame';

interface Script {
  status: number;
  /** Content-Length of the whole body when true; chunked otherwise. */
  sized: boolean;
  chunks: Array<{ bytes: Uint8Array; thenTurn: boolean }>;
  failed: boolean;
}

const script: fc.Arbitrary<Script> = fc.record({
  status: fc.constantFrom(200, 201, 404, 500),
  sized: fc.boolean(),
  chunks: fc.array(
    fc.record({ bytes: fc.uint8Array({ minLength: 1, maxLength: 3000 }), thenTurn: fc.boolean() }),
    { maxLength: 6 },
  ),
  failed: fc.boolean(),
});

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function headOf(s: Script): { status: number; statusText: string; headers: HeaderList } {
  const total = s.chunks.reduce((sum, c) => sum + c.bytes.byteLength, 0);
  const headers: HeaderList = [
    ['Content-Type', 'application/json'],
    ['X-Upstream', 'yes'],
    ['Connection', 'keep-alive'],
  ];
  if (s.sized) headers.push(['Content-Length', String(total)]);
  return { status: s.status, statusText: s.status === 200 ? 'OK' : 'Whatever', headers };
}

/** One way of passing an answer on: the head at once, then chunks, then the end. */
interface Writer {
  push(bytes: Uint8Array): void;
  end(failed: boolean): void;
  written: Promise<WrittenAnswer>;
}

type Way = (res: ServerResponse, head: ReturnType<typeof headOf>) => Writer;

/** The straightforward path: chunks pushed into a ChunkQueue that writeAnswer reads. */
const viaQueue: Way = (res, head) => {
  const queue = new ChunkQueue();
  return {
    push: (bytes) => queue.push(bytes),
    end: (failed) => queue.end(failed ? new Error('cut short') : undefined),
    written: writeAnswer(res, { ...head, body: queue }, { headFirst: true }),
  };
};

const direct: Way = (res, head) => new DirectAnswer(res, head);

async function play(way: Way, res: ServerResponse, s: Script): Promise<WrittenAnswer> {
  const writer = way(res, headOf(s));
  for (const chunk of s.chunks) {
    writer.push(chunk.bytes);
    if (chunk.thenTurn) await turn();
  }
  writer.end(s.failed);
  return writer.written;
}

let server: Server;
let port = 0;
let next: ((res: ServerResponse) => void) | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    next?.(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Opens a connection and sends one request; the answer's bytes as the client read them, once the server closed. */
function ask(handle: (res: ServerResponse) => void): { socket: Socket; bytes: Promise<string> } {
  next = handle;
  const socket = connect(port, '127.0.0.1');
  socket.write('GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<string>((resolve) =>
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1'))),
  );
  return { socket, bytes };
}

/** The wire bytes without the Date header, which is the clock's. */
const withoutDate = (text: string) => text.replace(/\r\nDate: [^\r]*/, '');

async function through(way: Way, s: Script): Promise<{ wire: string; written: WrittenAnswer }> {
  let written: Promise<WrittenAnswer> | undefined;
  const { bytes } = ask((res) => (written = play(way, res, s)));
  const wire = await bytes;
  return { wire: withoutDate(wire), written: await written! };
}

describe('DirectAnswer', () => {
  it('puts on the wire what the queue and writeAnswer put there, and says the same of it', async () => {
    await fc.assert(
      fc.asyncProperty(script, async (s) => {
        const reference = await through(viaQueue, s);
        expect(await through(direct, s)).toEqual(reference);
      }),
      { numRuns: 60 },
    );
  });

  it('says the copy was cut when the caller went away, as writeAnswer does', async () => {
    const account = async (way: Way) => {
      let written: Promise<WrittenAnswer> | undefined;
      const gone = new Promise<void>((resolve) => {
        const { socket } = ask((res) => {
          const writer = way(res, { status: 200, statusText: 'OK', headers: [] });
          writer.push(new Uint8Array([65]));
          res.on('close', () => {
            // The rest of the answer comes after the caller left.
            writer.push(new Uint8Array([66]));
            writer.end(false);
            resolve();
          });
          written = writer.written;
        });
        socket.once('data', () => socket.destroy());
      });
      await gone;
      return written!;
    };
    const reference = await account(viaQueue);
    expect(reference.cut).toBe(true);
    expect(await account(direct)).toEqual(reference);
  });

  it('holds the upstream back while the caller reads nothing, and lets it go once it reads', async () => {
    let answer: DirectAnswer | undefined;
    const started = new Promise<void>((resolve) => {
      next = (res) => {
        answer = new DirectAnswer(res, { status: 200, statusText: 'OK', headers: [] });
        resolve();
      };
    });
    const socket = connect(port, '127.0.0.1');
    socket.write('GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    socket.pause();
    await started;
    const big = new Uint8Array(HIGH_WATER_BYTES * 2).fill(120);
    answer!.push(big);
    const held = answer!.backlog();
    expect(held).toBeInstanceOf(Promise);
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.byteLength));
    socket.resume();
    await held;
    answer!.end(false);
    await new Promise((resolve) => socket.on('close', resolve));
    expect(received).toBeGreaterThan(big.byteLength);
    expect((await answer!.written).bytes).toBe(big.byteLength);
  });
});
