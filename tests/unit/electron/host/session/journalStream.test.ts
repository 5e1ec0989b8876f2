// Stream frames journalled chunk by chunk once read and analysed (journal.ts `appendStream`): frames made by the real
// stream recorder with a reading that answers later, written with the host's redaction, read back equal to what was
// published; plain events as runs of their chunk's bytes with their summaries, everything else as lines of its own.

import { rmSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createJournal,
  openJournal,
  readJournal,
  streamFileOf,
  type JournalWriter,
} from '../../../../../electron/host/session/journal';
import { redactFrame, redactionLeaves } from '../../../../../shared/session/redact';
import type { CapturedBytes } from '../../../../../electron/host/session/journalQueue';
import type { SseFrame } from '../../../../../shared/wire/frame';
import { slowAnalyser, streamRecorder } from '../../../support/recordStream';
import { testTempDir } from '../../../support/tempDir';

const update = (n: number, extra = '') =>
  `{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"},"metadata":{"n":${n}${extra}}}}}`;
const done = `{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}}`;

/** Plain events, and every kind of block that is written as a line of its own or that analysis has words for. */
const STREAM = [
  `data: ${update(1)}\n\n`,
  `data: ${update(2)}\r\n\r\n`,
  ': keep-alive\n\n',
  `id: 7\ndata: ${update(3)}\n\n`,
  `data: ${update(4, ',"token":"s3cret-value"')}\n\n`,
  'data: not json\n\n',
  `data: {"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t1","taskId":"t2","status":{"state":"TASK_STATE_WORKING"}}}}\n\n`,
  `data: {"jsonrpc":"2.0","id":1,"result":{"bogus":true}}\n\n`,
  `data: ${update(5)}\n\n`,
  `data: ${done}\n\n`,
].join('');

async function journal(): Promise<{ file: string; writer: JournalWriter }> {
  const dir = testTempDir('switchboard-capture-');
  const file = path.join(dir, 'journal.ndjson');
  const writer = await openJournal(file, {
    transform: redactFrame,
    untransformed: redactionLeaves,
  });
  return { file, writer };
}

function chunked(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

/**
 * Records `stream` in chunks of `size` into `writer`, the reading answering later as a worker's does;
 * `withBytes: false` gives the journal the frames alone, without the chunk's bytes.
 */
async function capture(
  writer: JournalWriter,
  size: number,
  { withBytes = true, stream = STREAM } = {},
): Promise<SseFrame[]> {
  const { analyser, release } = slowAnalyser();
  const published: SseFrame[] = [];
  let n = 0;
  let clock = 1000;
  const { recorder, exchange } = streamRecorder({
    analyser,
    nextId: () => `f${n++}`,
    now: () => (clock += 0.5),
    capture: {
      frames: (frames, marks, bytes) => {
        writer.appendStream(frames, marks, withBytes ? bytes : undefined);
        published.push(...frames);
      },
    },
  });
  for (const chunk of chunked(Buffer.from(stream), size)) recorder.push(chunk);
  const finished = recorder.finish(exchange);
  release();
  await finished;
  return published;
}

describe('journal of streams', () => {
  for (const [size, withBytes] of [
    [1, true],
    [9, true],
    [100_000, true],
    [9, false],
    [100_000, false],
  ] as const) {
    it(`reads back every frame as published, analysis included (chunks of ${size} bytes${withBytes ? '' : ', no bytes'})`, async () => {
      const { file, writer } = await journal();
      const published = await capture(writer, size, { withBytes });
      await writer.close();
      expect(published.filter((f) => f.dispatched)).toHaveLength(9);
      const read = await readJournal(file);
      expect(read.unreadable).toEqual([]);
      expect(read.frames).toEqual(published.map((frame) => redactFrame(frame).frame));
      // What analysis found came back with the frames: a name written twice, a result of no known shape.
      const rules = read.frames.flatMap((f) => f.findings ?? []).map((f) => f.rule);
      expect(rules).toContain('json.duplicate-key');
      expect(read.frames.filter((f) => f.kind === 'sse' && f.a2a?.state === 'completed')).toHaveLength(1);
      const text = await readFile(file, 'utf8');
      expect(text).not.toContain('"kind":"sse-analysis"');
      expect(text).not.toContain('s3cret-value');
      expect(await readFile(streamFileOf(file), 'utf8')).not.toContain('s3cret-value');
    });
  }

  it('writes a chunk of plain events as one run with their summaries', async () => {
    const { file, writer } = await journal();
    await capture(writer, 100_000);
    await writer.close();
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    const runs = lines.filter((line) => (JSON.parse(line) as { kind: string }).kind === 'sse-run');
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) expect(run).toContain('"summaries"');
    // The first two events came back to back in one chunk: one run, two frames.
    expect((JSON.parse(runs[0]!) as { ids: string[] }).ids).toEqual(['f0', 'f1']);
  });

  it('writes a clean chunk as runs of its own bytes, and tests each event of a chunk with a hint in it', async () => {
    const plain = [1, 2, 3].map((n) => `data: ${update(n)}\n\n`).join('');
    // Non-ASCII text and a URL: the chunk's hint says maybe, and each event is tested on its own.
    const mixed =
      `data: ${update(4, ',"note":"à voir https://example.com/x"')}\n\n` + `data: ${update(5)}\n\n`;
    for (const stream of [plain, plain + mixed]) {
      const { file, writer } = await journal();
      const published = await capture(writer, 100_000, { stream });
      await writer.close();
      const read = await readJournal(file);
      expect(read.unreadable).toEqual([]);
      expect(read.frames).toEqual(published);
      const text = await readFile(file, 'utf8');
      expect(text).not.toContain('"n":');
      expect(await readFile(streamFileOf(file), 'utf8')).toBe(stream);
    }
  });

  it('reads back an event too large for a line, kept as a blob, with what was learnt of it', async () => {
    const big = `id: 1\ndata: ${update(1, `,"text":"${'x'.repeat(300_000)}"`)}\n\n`;
    const { file, writer } = await journal();
    const published = await capture(writer, 64 * 1024, { stream: big + `data: ${done}\n\n` });
    await writer.close();
    const read = await readJournal(file);
    expect(read.unreadable).toEqual([]);
    expect(read.missingBlobs).toEqual([]);
    expect(read.frames).toEqual(published);
    expect(published[0]!.jsonFromData).toBe(true);
    expect(await readFile(file, 'utf8')).not.toContain('x'.repeat(1000));
  });

  it('keeps runs and their bytes in order when a write fails while another waits', async () => {
    const batches: Array<{ frames: SseFrame[]; marks: Uint8Array; bytes?: CapturedBytes }> = [];
    const { recorder, exchange } = streamRecorder({
      capture: {
        frames: (frames, marks, bytes) =>
          batches.push({ frames: [...frames], marks: marks.slice(), ...(bytes ? { bytes } : {}) }),
      },
    });
    for (const n of [1, 2]) recorder.push(Buffer.from(`data: ${update(n)}\n\ndata: ${update(n + 10)}\n\n`));
    await recorder.finish(exchange);
    const dir = testTempDir('switchboard-capture-');
    const file = path.join(dir, 'journal.ndjson');
    const writer = createJournal(file, { onError: () => rmSync(streamFileOf(file), { recursive: true }) });
    // A folder where the stream file goes: the first write fails, and the folder is gone before the next one.
    await mkdir(streamFileOf(file));
    writer.appendStream(batches[0]!.frames, batches[0]!.marks, batches[0]!.bytes);
    const first = writer.flush();
    // The first write has started (it took the first batch) and has not failed yet.
    await Promise.resolve();
    await Promise.resolve();
    writer.appendStream(batches[1]!.frames, batches[1]!.marks, batches[1]!.bytes);
    const second = writer.flush();
    expect(second).not.toBe(first);
    await expect(first).rejects.toThrow();
    await second;
    await writer.close();
    const read = await readJournal(file);
    expect(read.unreadable).toEqual([]);
    expect(read.frames).toEqual(batches.flatMap((batch) => batch.frames));
    expect(await readFile(file, 'utf8')).toContain('"kind":"sse-run"');
  });

  it('reads back the decoder’s own value of an event where JSON cannot write it (Infinity, -0)', async () => {
    const { file, writer } = await journal();
    const published = await capture(writer, 100_000, {
      stream: `data: ${update(1, ',"big":1e400,"z":-0')}\n\ndata: ${done}\n\n`,
    });
    await writer.close();
    const json = published[0]!.json as { result: { statusUpdate: { metadata: { big: number; z: number } } } };
    expect(json.result.statusUpdate.metadata.big).toBe(Infinity);
    const read = await readJournal(file);
    expect(read.unreadable).toEqual([]);
    expect(read.frames).toEqual(published);
    const back = (read.frames[0] as SseFrame).json as typeof json;
    expect(back.result.statusUpdate.metadata.big).toBe(Infinity);
    expect(Object.is(back.result.statusUpdate.metadata.z, -0)).toBe(true);
  });
});
