// Stream events kept as runs of bytes in the journal (sseRuns.ts): frames made by the real stream recorder, written
// with the host's redaction, read back equal to what was published, whatever the chunking and whatever mix of plain
// and unusual blocks the stream holds.

import { readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactFrame, redactionLeaves } from '../../../../../shared/session/redact';
import type { SseFrame } from '../../../../../shared/wire/frame';
import { recordStream } from '../../../support/recordStream';
import { testTempDir } from '../../../support/tempDir';
import { openJournal, readJournal, streamFileOf } from '../../../../../electron/host/session/journal';

const update = (n: number, extra = '') =>
  `{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"},"metadata":{"n":${n}${extra}}}}}`;
const artifact = (text: string) =>
  `{"jsonrpc":"2.0","id":1,"result":{"artifactUpdate":{"taskId":"t1","artifact":{"artifactId":"a","parts":[{"text":${JSON.stringify(text)}}]}}}}`;

/** A stream with plain events and every kind of block a run must not take. */
const STREAM = [
  `data: ${update(1)}\n\n`,
  `data: ${update(2)}\r\n\r\n`,
  `data: ${artifact('déjà vu — 雨 🌧')}\n\n`,
  ': keep-alive\n\n',
  `data: ${update(3)}\n\n`,
  `id: 7\ndata: ${update(4)}\n\n`,
  `data: ${update(5, ',"token":"s3cret-value"')}\n\n`,
  'data: not json\n\n',
  `event: error\ndata: {"code":1}\n\n`,
  `data: {"jsonrpc":"2.0",\ndata: "id":1,"result":{"task":{"id":"t1","status":{"state":"TASK_STATE_WORKING"}}}}\n\n`,
  `data: ${update(6)}\n\n`,
  `data: ${update(7)}\n\n`,
  `data: ${update(8)}\n\n`,
].join('');

function record(chunks: Buffer[]): SseFrame[] {
  let n = 0;
  let clock = 1000;
  return recordStream(chunks, {
    nextId: () => `run-${String(n++).padStart(4, '0')}`,
    now: () => (clock += 0.5),
  }).frames;
}

function chunked(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

async function journalFile(): Promise<string> {
  return path.join(testTempDir('switchboard-runs-'), 'journal.ndjson');
}

async function roundTrip(frames: SseFrame[]) {
  const file = await journalFile();
  const journal = await openJournal(file, { transform: redactFrame, untransformed: redactionLeaves });
  for (const frame of frames) journal.append(frame);
  await journal.close();
  return { file, read: await readJournal(file) };
}

describe('journal runs', () => {
  for (const size of [1, 7, 64, 100_000]) {
    it(`reads back every frame as published (chunks of ${size} bytes)`, async () => {
      const frames = record(chunked(Buffer.from(STREAM), size));
      expect(frames.filter((f) => f.dispatched)).toHaveLength(12);
      const { file, read } = await roundTrip(frames);
      expect(read.unreadable).toEqual([]);
      // The redacted frame is the one expected back; every other frame comes back exactly as published.
      expect(read.frames).toEqual(frames.map((frame) => redactFrame(frame).frame));
      const text = await readFile(file, 'utf8');
      // Plain events went into runs, with their bytes in the stream file, and never into a line of their own.
      expect(text).toContain('"kind":"sse-run"');
      expect(text).not.toContain('"n":6');
      expect((await readFile(streamFileOf(file), 'utf8')).includes('"n":6')).toBe(true);
      // The event with a secret went the redaction way: its own line, masked, and no value on disk.
      expect(text).not.toContain('s3cret-value');
      expect(await readFile(streamFileOf(file), 'utf8')).not.toContain('s3cret-value');
    });
  }

  it('puts events that arrived in one chunk into one run', async () => {
    const plain = [1, 2, 3, 4, 5].map((n) => `data: ${update(n)}\n\n`).join('');
    const frames = record([Buffer.from(plain)]);
    const { file, read } = await roundTrip(frames);
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines.filter((line) => line.includes('"kind":"sse-run"'))).toHaveLength(1);
    expect(read.frames).toEqual(frames);
  });

  it('reports a run whose bytes are missing or changed as unreadable, and keeps the rest', async () => {
    const frames = record(chunked(Buffer.from(STREAM), 100_000));
    const { file } = await roundTrip(frames);
    const streams = streamFileOf(file);
    const bytes = await readFile(streams);
    await writeFile(streams, Buffer.concat([Buffer.from('data: {}\n\n'), bytes.subarray(10)]));
    const changed = await readJournal(file);
    expect(changed.unreadable.length).toBeGreaterThan(0);
    expect(changed.frames.some((f) => f.kind === 'sse' && f.event?.data === 'not json')).toBe(true);
    await truncate(streams, 0);
    const missing = await readJournal(file);
    expect(missing.unreadable.length).toBeGreaterThan(0);
    expect(missing.frames.length).toBeLessThan(frames.length);
  });
});
