// The recording journal: frames appended in order, synced on a timer and at once on a terminal state, and read
// back with a torn last line dropped and reported.

import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HttpFrame, SseFrame } from '../../shared/wire/frame';
import { openJournal, readJournal } from '../../electron/host/session/journal';

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

async function journalFile() {
  return path.join(await mkdtemp(path.join(tmpdir(), 'switchboard-journal-')), 'journal.ndjson');
}

describe('journal', () => {
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

  it('writes at once when a task ends, without waiting for the timer', async () => {
    const file = await journalFile();
    const journal = await openJournal(file, 60_000);
    journal.append(http('a'));
    journal.append(sse('b', 'working'));
    expect(await readFile(file, 'utf8').catch(() => '')).toBe('');
    journal.append(sse('c', 'completed'));
    await journal.flush();
    expect((await readJournal(file)).frames.map((f) => f.id)).toEqual(['a', 'b', 'c']);
    await journal.close();
    expect(() => journal.append(http('late'))).toThrow('The journal is closed.');
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
    journal.append(http('after'));
    await rm(blocker);
    await journal.close();
    const read = await readJournal(file, { blobDir: blocker });
    expect(read.frames.map((f) => f.id)).toEqual(['big', 'after']);
    expect(read.missingBlobs).toEqual([]);
    expect((read.frames[0] as HttpFrame).request.body?.base64).toBe(big.request.body?.base64);
  });
});
