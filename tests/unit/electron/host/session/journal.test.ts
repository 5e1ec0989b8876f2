// The recording journal: frames appended in order, synced on a timer and at once on a terminal state, and read
// back with a torn last line dropped and reported.

import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpFrame, SseFrame } from '../../../../../shared/wire/frame';
import { openJournal, readJournal } from '../../../../../electron/host/session/journal';
import { testTempDir } from '../../../support/tempDir';

const http = (id: string): HttpFrame => ({
  kind: 'http',
  id,
  source: 'test',
  timing: { start: 1 },
  request: { method: 'GET', url: 'http://127.0.0.1/', headers: [] },
});
const sse = (id: string, state: string): SseFrame => ({
  kind: 'sse',
  id,
  exchangeId: 'x',
  source: 'test',
  timing: { start: 2 },
  seq: 0,
  offset: { start: 0, end: 10 },
  raw: 'data: {}\n\n',
  dispatched: true,
  a2a: { item: 'status-update', state },
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function journalFile() {
  return path.join(testTempDir('switchboard-journal-'), 'journal.ndjson');
}

/** A dispatched event as the stream recorder builds it: raw text, the event's data, and the data parsed. */
function event(id: string, raw: string, data: string, extra: Partial<SseFrame> = {}): SseFrame {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    json = undefined;
  }
  return {
    ...sse(id, 'working'),
    raw,
    event: { index: 0, type: 'message', data },
    ...(json !== undefined ? { json } : {}),
    ...extra,
  };
}

describe('journal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes single-line events without the data and JSON it can derive, and reads back the same frames', async () => {
    const file = await journalFile();
    const frames: SseFrame[] = [
      event('plain', 'data: {"a":[1,"b:c"]}\n\n', '{"a":[1,"b:c"]}'),
      event('crlf', 'data: {"a":1}\r\n\r\n', '{"a":1}'),
      event('two-lines', 'data: {"a":\ndata: 1}\n\n', '{"a":\n1}'),
      event('no-space', 'data:{"a":2}\n\n', '{"a":2}'),
      event('not-json', 'data: hello\n\n', 'hello'),
      event('typed', 'event: error\ndata: {"e":1}\n\n', '{"e":1}', { comments: ['ping'] }),
      event('unicode', 'data: {"t":"résumé 🙂 \\u00e9"}\n\n', '{"t":"résumé 🙂 \\u00e9"}'),
      { ...event('empty', ': keep-alive\n\n', ''), dispatched: false, event: undefined, json: undefined },
    ].map((frame) => JSON.parse(JSON.stringify(frame)) as SseFrame);
    const journal = await openJournal(file, 60_000);
    for (const frame of frames) journal.append(frame);
    await journal.close();
    const texts = (await readFile(file, 'utf8')).trim().split('\n');
    const lines = texts.map((line) => JSON.parse(line) as Record<string, unknown>);
    const plain = lines.find((line) => line.id === 'plain')!;
    expect(plain).not.toHaveProperty('json');
    expect(plain).not.toHaveProperty('raw');
    expect(plain.event).not.toHaveProperty('data');
    expect(plain.derived).toBe('data-at-end');
    // The data's JSON text is the end of the line, as it came, not quoted into a string.
    expect(texts.find((text) => text.includes('"id":"plain"'))).toMatch(/"data":\{"a":\[1,"b:c"\]\}\}$/);
    expect(lines.find((line) => line.id === 'two-lines')!.derived).toEqual(['json']);
    expect((await readJournal(file)).frames).toStrictEqual(frames);
  });

  it('keeps the jsonFromData mark of live frames on lines of their own, and reads them back without a parsed copy', async () => {
    const file = await journalFile();
    const mark = (frame: SseFrame): SseFrame => {
      const { json: _json, ...rest } = frame;
      return { ...rest, jsonFromData: true };
    };
    const frames = [
      mark(event('commented', 'data: {"a":1}\n\n', '{"a":1}', { comments: ['ping'] })),
      mark(event('with-id', 'id: 7\ndata: {"a":2}\n\n', '{"a":2}')),
      mark(event('two-lines', 'data: {"a":\ndata: 3}\n\n', '{"a":\n3}')),
    ];
    frames[1]!.event!.id = '7';
    const journal = await openJournal(file, 60_000);
    for (const frame of frames) journal.append(frame);
    await journal.close();
    const lines = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.every((line) => line.jsonFromData === true && !('json' in line))).toBe(true);
    expect((await readJournal(file)).frames).toStrictEqual(frames);
  });

  it('writes event lines with their data at the end that read back as JSON.stringify would have written them', async () => {
    const { journalLine } = await import('../../../../../electron/host/session/compactFrame');
    const frame = fc.record({
      id: fc.string({ minLength: 1 }),
      exchangeId: fc.string(),
      source: fc.string(),
      start: fc.double({ noNaN: true, noDefaultInfinity: true }),
      seq: fc.nat(),
      type: fc.string(),
      comments: fc.option(fc.array(fc.string()), { nil: undefined }),
      a2a: fc.option(fc.record({ item: fc.string(), state: fc.string() }), { nil: undefined }),
      value: fc.jsonValue(),
    });
    fc.assert(
      fc.property(frame, (f) => {
        const data = JSON.stringify(f.value);
        const sseFrame: SseFrame = {
          kind: 'sse',
          id: f.id,
          exchangeId: f.exchangeId,
          source: f.source,
          timing: { start: f.start },
          seq: f.seq,
          offset: { start: 0, end: data.length + 8 },
          raw: `data: ${data}\n\n`,
          dispatched: true,
          ...(f.comments ? { comments: f.comments } : {}),
          event: { index: f.seq, type: f.type, data },
          json: JSON.parse(data) as unknown,
          ...(f.a2a ? { a2a: f.a2a } : {}),
        };
        const line = journalLine(sseFrame, true);
        expect(line).toBeDefined();
        const {
          derived: _d,
          dataLength: _l,
          data: value,
          ...rest
        } = JSON.parse(line!) as Record<string, unknown>;
        const { raw: _r, json, event, ...expected } = JSON.parse(JSON.stringify(sseFrame)) as SseFrame;
        expect(rest).toEqual({ ...expected, event: { index: event!.index, type: event!.type } });
        expect(value).toEqual(json);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a line whose data length was edited by hand from the data value instead', async () => {
    const file = await journalFile();
    const journal = await openJournal(file, 60_000);
    journal.append(event('e', 'data: {"a":1}\n\n', '{"a":1}'));
    await journal.close();
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"dataLength":7', '"dataLength":3'));
    const [read] = (await readJournal(file)).frames as SseFrame[];
    expect(read).toMatchObject({ raw: 'data: {"a":1}\n\n', event: { data: '{"a":1}' }, json: { a: 1 } });
  });

  it('writes a frame that redaction changed whole, with its redacted JSON', async () => {
    const file = await journalFile();
    const redacted = event('secret', 'data: {"token":"***"}\n\n', '{"token":"***"}', {
      json: { token: '***' },
    });
    const { createJournal } = await import('../../../../../electron/host/session/journal');
    const journal = createJournal(file, {
      syncMs: 60_000,
      transform: (frame) => ({
        frame: frame.id === 'secret' ? { ...redacted, json: { token: '[redacted]' } } : frame,
        items:
          frame.id === 'secret'
            ? [{ frameId: 'secret', where: 'sse', name: 'token', kind: 'token', length: 3 }]
            : [],
      }),
    });
    journal.append(redacted);
    await journal.close();
    const [read] = (await readJournal(file)).frames as SseFrame[];
    expect(read!.json).toEqual({ token: '[redacted]' });
  });

  it('keeps frames in order and reads them back', async () => {
    const file = await journalFile();
    const journal = await openJournal(file, 60_000);
    for (let i = 0; i < 100; i++) journal.append(http(`f${i}`));
    await journal.close();
    const read = await readJournal(file);
    expect(read.frames.map((f) => f.id)).toEqual(Array.from({ length: 100 }, (_, i) => `f${i}`));
    expect(read).toMatchObject({ unreadable: [] });
    expect(read.tornTail).toBeUndefined();
  });

  it('writes at once when a task ends or an exchange finishes, without waiting for the timer', async () => {
    // Only the sync timer is fake, so it cannot fire here whatever the machine's speed; the waits below stay real
    // because what they wait for is the file system.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const file = await journalFile();
    const journal = await openJournal(file, 60_000);
    const pending: HttpFrame = { ...http('a'), rev: 0, state: 'pending' };
    journal.append(pending);
    journal.append(sse('b', 'working'));
    // Time for a wrong early write to reach the disk (real I/O).
    await pause(50);
    expect(await readFile(file, 'utf8')).toBe('');
    // No flush is called from here on: the terminal state alone gets it to disk.
    journal.append(sse('c', 'completed'));
    await vi.waitFor(async () =>
      expect((await readJournal(file)).frames.map((f) => f.id)).toEqual(['a', 'b', 'c']),
    );
    journal.append({ ...pending, rev: 1, state: 'done' });
    await vi.waitFor(async () => expect((await readJournal(file)).frames).toHaveLength(4));
    await journal.close();
    expect(() => journal.append(http('late'))).toThrow('The journal is closed.');
  });

  it('keeps a frame whose JSON is nested too deep to write, without the parsed copy', async () => {
    const file = await journalFile();
    const journal = await openJournal(file, 60_000);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    journal.append({ ...sse('deep', 'working'), json: deep });
    journal.append(http('after'));
    await journal.close();
    const read = await readJournal(file);
    expect(read.frames.map((f) => f.id)).toEqual(['deep', 'after']);
    expect(read.frames[0]).not.toHaveProperty('json');
  });

  it('reads lines that cross chunk boundaries, and a long unfinished last line as a torn tail', async () => {
    const file = await journalFile();
    const journal = await openJournal(file, 60_000);
    const big = { ...http('big'), source: 'x'.repeat(3 * 1024 * 1024) };
    journal.append(big);
    journal.append(http('small'));
    await journal.close();
    await appendFile(file, `{"kind":"http","id":"cut","source":"${'y'.repeat(2 * 1024 * 1024)}`);
    const read = await readJournal(file);
    expect(read.frames.map((f) => f.id)).toEqual(['big', 'small']);
    expect(read.tornTail?.bytes).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('drops a torn last line and reports it, and counts lines that are not frames', async () => {
    const file = await journalFile();
    const journal = await openJournal(file, 60_000);
    journal.append(http('a'));
    await journal.close();
    await appendFile(file, 'not json\n[1,2]\n{"kind":"http","id":"b","tim');
    const read = await readJournal(file);
    expect(read.frames.map((f) => f.id)).toEqual(['a']);
    expect(read.unreadable).toEqual([2, 3]);
    expect(read.tornTail).toEqual({ bytes: Buffer.byteLength('{"kind":"http","id":"b","tim') });
  });

  it('a failed write is reported, kept, and written in order once the disk lets it', async () => {
    const file = await journalFile();
    const blocker = path.join(path.dirname(file), 'blocker');
    await writeFile(blocker, 'not a folder');
    const errors: string[] = [];
    const journal = await openJournal(file, {
      syncMs: 60_000,
      blobDir: blocker,
      onError: (error) => errors.push(error.message),
    });
    const big: HttpFrame = {
      ...http('big'),
      // Pending, so appending it does not start a flush of its own before the one below.
      rev: 0,
      state: 'pending',
      request: {
        method: 'POST',
        url: 'http://127.0.0.1/',
        headers: [],
        body: {
          base64: Buffer.alloc(300 * 1024, 1).toString('base64'),
          text: '',
          size: 300 * 1024,
          utf8Valid: false,
        },
      },
    };
    journal.append(big);
    await expect(journal.flush()).rejects.toThrow();
    expect(errors).toHaveLength(1);
    journal.append({ ...http('after'), rev: 0, state: 'pending' });
    await rm(blocker);
    await journal.close();
    const read = await readJournal(file, { blobDir: blocker });
    expect(read.frames.map((f) => f.id)).toEqual(['big', 'after']);
    expect(read.missingBlobs).toEqual([]);
    expect((read.frames[0] as HttpFrame).request.body?.base64).toBe(big.request.body?.base64);
  });
});
