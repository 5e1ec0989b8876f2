// Journals of the earlier format (tests/fixtures/journals): streams journalled chunk by chunk as they were read, with
// an `sse-analysis` line after each chunk. They read back as the frames the host published then; one cut before its
// analysis keeps the frames as read; a damaged analysis line is reported and the rest is read.

import { copyFileSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournal, streamFileOf } from '../../../../../electron/host/session/journal';
import type { Frame, SseFrame } from '../../../../../shared/wire/frame';
import { testTempDir } from '../../../support/tempDir';

const FIXTURES = path.resolve('tests/fixtures/journals');

function published(name: string): Frame[] {
  const text = readFileSync(path.join(FIXTURES, `${name}.frames.json`), 'utf8');
  return JSON.parse(text, (_key, value: unknown) =>
    value === '__Infinity__' ? Infinity : value === '__-0__' ? -0 : value,
  ) as Frame[];
}

/** A copy of a fixture journal and its stream file, so a test may add to it. */
function copy(name: string): string {
  const file = path.join(testTempDir('switchboard-earlier-'), 'journal.ndjson');
  copyFileSync(path.join(FIXTURES, `${name}.ndjson`), file);
  copyFileSync(path.join(FIXTURES, `${name}.ndjson.streams`), streamFileOf(file));
  return file;
}

describe('journals of the earlier format', () => {
  for (const name of ['captured', 'captured-whole']) {
    it(`read back every frame as published, analysis included (${name})`, async () => {
      const read = await readJournal(copy(name));
      expect(read.unreadable).toEqual([]);
      expect(read.frames).toEqual(published(name));
      const rules = read.frames.flatMap((f) => f.findings ?? []).map((f) => f.rule);
      expect(rules).toContain('json.duplicate-key');
      const big = (read.frames as SseFrame[]).find((f) => f.event?.data.includes('1e400'));
      const json = big?.json as { result: { statusUpdate: { metadata: { big: number; z: number } } } };
      expect(json.result.statusUpdate.metadata.big).toBe(Infinity);
      expect(Object.is(json.result.statusUpdate.metadata.z, -0)).toBe(true);
    });
  }

  it('keep the frames as read when the journal ends before their analysis', async () => {
    const read = await readJournal(copy('captured-unanalysed'));
    expect(read.unreadable).toEqual([]);
    const events = read.frames.filter((f) => f.kind === 'sse' && f.dispatched) as SseFrame[];
    expect(events).toHaveLength(9);
    expect(events.every((f) => f.a2a === undefined && f.json === undefined && !f.jsonFromData)).toBe(true);
    expect(events[0]!.event?.data).toContain('"metadata":{"n":1}');
  });

  it('report an analysis line that names frames they do not have, or that is malformed, and read the rest', async () => {
    const file = copy('captured-whole');
    const lines = readFileSync(file, 'utf8').split('\n').length - 1;
    await appendFile(
      file,
      '{"kind":"sse-analysis","exchangeId":"x","seq":500,"count":1,"summaries":[null],"which":[0]}\n' +
        '{"kind":"sse-analysis","exchangeId":"x","seq":0,"count":2,"summaries":[null],"which":[0]}\n',
    );
    const read = await readJournal(file);
    expect(read.unreadable).toEqual([lines + 1, lines + 2]);
    expect(read.frames).toEqual(published('captured-whole'));
  });
});
