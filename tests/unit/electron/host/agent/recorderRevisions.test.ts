// Fewer progress revisions (recorder.ts `fewerRevisions`, used by the recording proxy): the same exchanges recorded
// with and without it read back from the journal as the same frames, numbered alike; a quick answer publishes only
// its final revision, and an answer that keeps the caller waiting is still shown pending.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordExchange, type Recorder } from '../../../../../electron/host/agent/recorder';
import type { BodyReader } from '../../../../../electron/host/exchange';
import { createJournal, readJournal } from '../../../../../electron/host/session/journal';
import type { Frame, HttpFrame } from '../../../../../shared/wire/frame';
import { testTempDir } from '../../../support/tempDir';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function serve(handler: Handler): Promise<string> {
  // No Date header: the two recordings compared can fall either side of a second, and their frames must be equal.
  const server = createServer((req, res) => {
    res.sendDate = false;
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const json: Handler = (req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
  });
};

const events: Handler = (req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close' });
  res.write('data: {"a":1}\n\n');
  res.end('data: {"a":2}\n\n');
};

/** Records one exchange into its own journal; returns what was published and the journal read back. */
async function recordOne(url: string, fewer: boolean, reader: (frame: HttpFrame) => BodyReader) {
  const file = path.join(testTempDir('switchboard-revisions-'), 'journal.ndjson');
  const journal = createJournal(file, { syncMs: 60_000 });
  const published: Frame[] = [];
  let id = 0;
  const recorder: Recorder = {
    // A clock that always says the same: the two paths' frames differ in nothing but what is under test.
    deps: { nextId: () => `f${++id}`, now: () => 1000, userAgent: 'test' },
    publish: (frame) => {
      published.push(structuredClone(frame));
      journal.append(frame);
    },
  };
  const exchange = recordExchange(
    recorder,
    { method: 'POST', url, headers: [['Content-Type', 'application/json']], body: { text: '{"x":1}' } },
    {
      source: 'proxy',
      timeouts: {},
      readBody: reader,
      ...(fewer ? { fewerRevisions: { pendingAfterMs: 60_000, isStream: eventStream } } : {}),
    },
  );
  await exchange.done;
  await journal.close();
  const read = await readJournal(file);
  return { published, frames: newest(read.frames) };
}

/** As the proxy tells an event stream: by its content type (a body read in pieces may be a plain answer). */
function eventStream(frame: HttpFrame): boolean {
  return (frame.response?.headers ?? []).some(
    ([name, value]) => name.toLowerCase() === 'content-type' && value.startsWith('text/event-stream'),
  );
}

/** Each frame's newest revision, as the journal's readers keep it. */
function newest(frames: Frame[]): Frame[] {
  return [...new Map(frames.map((frame) => [frame.id, frame])).values()];
}

const buffered = (): BodyReader => ({ mode: 'buffer', maxBytes: 1 << 20 });
const pieces = (): BodyReader => ({ mode: 'stream', onChunk: () => undefined });

describe('fewer progress revisions', () => {
  it('a quick answer: only the final revision is published, and the journal reads back the same', async () => {
    const url = await serve(json);
    for (const reader of [buffered, pieces]) {
      const all = await recordOne(url, false, reader);
      const fewer = await recordOne(url, true, reader);
      expect(fewer.frames).toEqual(all.frames);
      expect(fewer.published.map((f) => (f as HttpFrame).state)).toEqual(['done']);
      expect(fewer.published.at(-1)).toEqual(all.published.at(-1));
    }
  });

  it('an event stream still gets its streaming revision, numbered as before', async () => {
    const url = await serve(events);
    const reader = (): BodyReader => ({ mode: 'stream', onChunk: () => undefined });
    const all = await recordOne(url, false, reader);
    const fewer = await recordOne(url, true, reader);
    expect(fewer.frames).toEqual(all.frames);
    const revisions = (list: Frame[]) => list.map((f) => [(f as HttpFrame).state, (f as HttpFrame).rev]);
    expect(revisions(all.published)).toEqual([
      ['pending', 0],
      ['streaming', 1],
      ['done', 2],
    ]);
    expect(revisions(fewer.published)).toEqual([
      ['streaming', 1],
      ['done', 2],
    ]);
  });

  it('an answer that keeps the caller waiting is published as pending first', async () => {
    let answer: (() => void) | undefined;
    const url = await serve((req, res) => {
      req.resume();
      answer = () => {
        res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
        res.end('{}');
      };
    });
    const published: HttpFrame[] = [];
    let seen: () => void = () => undefined;
    const seenPending = new Promise<void>((resolve) => (seen = resolve));
    const recorder: Recorder = {
      deps: { nextId: () => 'slow', now: () => 1000, userAgent: 'test' },
      publish: (frame) => {
        published.push(structuredClone(frame) as HttpFrame);
        if ((frame as HttpFrame).state === 'pending') seen();
      },
    };
    const exchange = recordExchange(
      recorder,
      { method: 'GET', url },
      {
        source: 'proxy',
        timeouts: {},
        readBody: buffered,
        fewerRevisions: { pendingAfterMs: 0, isStream: () => false },
      },
    );
    await seenPending;
    answer!();
    await exchange.done;
    expect(published.map((f) => [f.state, f.rev])).toEqual([
      ['pending', 0],
      ['done', 1],
    ]);
  });
});
