// Differential tests of the big-session open (issue 27): the progressive index, read while it is built, and the
// compact index (frame starts only, ends found by looking back) must give exactly the frame spans of the
// straightforward whole-file scan and of a plain character-by-character reading of the JSON, over files with odd
// frames (pretty-printed over many lines, one frame larger than many read chunks, non-ASCII text, escapes), and the
// same error where the file is truncated mid-frame. A kept index must be refused once the file changed.

import { utimes, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endOfFrame, scanSessionFile } from '../../../../../electron/host/session/sessionScan';
import { startProgressiveIndex } from '../../../../../electron/host/session/progressiveIndex';
import { readKeptIndex, writeKeptIndex } from '../../../../../electron/host/session/keptIndex';
import { suiteTempDir } from '../../../support/tempDir';

const dir = suiteTempDir('switchboard-progressive-');
async function fileWith(text: string): Promise<string> {
  const file = path.join(dir(), `f${Math.random().toString(16).slice(2)}.switchboard`);
  await writeFile(file, text);
  return file;
}

/** The straightforward reading: the frames array's elements found one character at a time in the decoded text. */
function plainSpans(text: string): string[] {
  const out: string[] = [];
  const framesAt = text.indexOf('"frames"');
  let i = text.indexOf('[', framesAt) + 1;
  let depth = 0;
  let start = -1;
  let inString = false;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === '}' || c === ']') {
      if (depth === 0) break;
      depth--;
      if (depth === 0) out.push(text.slice(start, i + 1));
    }
  }
  return out;
}

/** Frame texts by the compact index: each start, and the end found by looking back from the next start. */
function compactSpans(bytes: Buffer, starts: Float64Array, count: number, framesEnd: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    bytes.toString('utf8', starts[i]!, i + 1 < count ? endOfFrame(bytes, starts[i + 1]!) : framesEnd),
  );
}

const odd = [
  { kind: 'sse', id: 'multi', raw: 'data: {"a":\n  1}\n\n', nested: { list: [1, { deep: '}]' }] } },
  { kind: 'http', id: 'huge', text: 'x'.repeat(3 * 1024 * 1024 + 7), tail: '"\\' },
  { kind: 'sse', id: 'unicode', raw: 'résumé 🙂 データ \u212a \u017f', esc: '\\"quoted\\"' },
  { kind: 'webhook', id: 'empty-ish' },
];

function layouts(): string[] {
  const head = { format: 'switchboard-session', schemaVersion: 2, title: 'odd', agents: [], redactions: [] };
  const frames = [...odd, ...Array.from({ length: 3000 }, (_, n) => ({ kind: 'sse', id: `e${n}`, n }))];
  const file = { ...head, frames, blobs: { ['a'.repeat(64)]: 'aGVsbG8=' } };
  const ours = `${JSON.stringify(head).slice(0, -1)},\n"frames":[\n${frames.map((f) => JSON.stringify(f)).join(',\n')}\n],\n"blobs":{}}\n`;
  return [ours, JSON.stringify(file), JSON.stringify(file, null, 2)];
}

describe('the progressive and compact index', () => {
  it('gives the spans of the whole-file scan and of a plain reading, read while it is built', async () => {
    for (const text of layouts()) {
      const file = await fileWith(text);
      const bytes = Buffer.from(text);
      const whole = await scanSessionFile(file);
      const building = startProgressiveIndex(file, bytes.length, { chunkBytes: 4096 });
      // Frames asked for while the scan is under way are read from what it has found so far.
      await building.reach(10);
      const early = building.scanner;
      const known = early.frameCount;
      expect(known).toBeGreaterThanOrEqual(10);
      expect(compactSpans(bytes, early.frameStarts, known, early.framesEnd)).toEqual(
        plainSpans(text).slice(0, known),
      );
      const done = await building.whenDone;
      expect(building.progress()).toMatchObject({ done: true, indexed: whole.frameCount });
      expect([...done.frameStarts]).toEqual([...whole.frameStarts]);
      expect(done.framesEnd).toBe(whole.framesEnd);
      expect([...done.members]).toEqual([...whole.members]);
      expect([...done.blobs]).toEqual([...whole.blobs]);
      expect(compactSpans(bytes, done.frameStarts, done.frameCount, done.framesEnd)).toEqual(
        plainSpans(text),
      );
    }
  });

  it('reads names cut by a chunk end as the whole-file scan does, though every chunk goes into one buffer', async () => {
    // The first read is 256 KiB, which the first frame fills; after it, every chunk size from 3 to 80 bytes cuts
    // the member names and the 64-character blob keys at every place: a scanner that kept a view of the buffer
    // would find the next chunk's bytes there instead.
    const head = {
      format: 'switchboard-session',
      schemaVersion: 2,
      title: 'cut',
      agents: [],
      redactions: [],
    };
    const frames = [
      { kind: 'http', id: 'big', text: 'x'.repeat(256 * 1024) },
      ...Array.from({ length: 12 }, (_, n) => ({ kind: 'sse', id: `e${n}`, text: 'é'.repeat(n) })),
    ];
    const blobs = { ['a'.repeat(64)]: 'aGVsbG8=', ['b'.repeat(63) + 'c']: 'd29ybGQ=' };
    const text = JSON.stringify({ ...head, frames, blobs, savedAt: 'later' });
    const file = await fileWith(text);
    const whole = await scanSessionFile(file);
    expect([...whole.blobs.keys()]).toEqual(Object.keys(blobs));
    for (let chunkBytes = 3; chunkBytes <= 80; chunkBytes++) {
      const done = await startProgressiveIndex(file, Buffer.byteLength(text), { chunkBytes }).whenDone;
      expect([...done.members], `chunks of ${chunkBytes}`).toEqual([...whole.members]);
      expect([...done.blobs], `chunks of ${chunkBytes}`).toEqual([...whole.blobs]);
      expect([...done.frameStarts], `chunks of ${chunkBytes}`).toEqual([...whole.frameStarts]);
      expect(done.framesEnd).toBe(whole.framesEnd);
    }
  });

  it('fails as the whole-file scan does on a file truncated mid-frame, and tells its readers', async () => {
    const [ours] = layouts();
    const text = ours!.slice(0, ours!.length - 4000);
    const file = await fileWith(text);
    const whole = await scanSessionFile(file).catch((error: unknown) => error as Error);
    const building = startProgressiveIndex(file, Buffer.byteLength(text), { chunkBytes: 4096 });
    const waiting = building.reach(1_000_000).catch((error: unknown) => error as Error);
    const failed = await building.whenDone.catch((error: unknown) => error as Error);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toBe(whole instanceof Error ? whole.message : 'no error');
    expect(((await waiting) as Error).message).toMatch(/truncated/);
    expect(building.progress()).toMatchObject({ done: true, error: (failed as Error).message });
  });

  it('estimates the count from the bytes scanned, and gives the exact count once done', async () => {
    const [ours] = layouts();
    const file = await fileWith(ours!);
    const building = startProgressiveIndex(file, Buffer.byteLength(ours!), { chunkBytes: 4096 });
    await building.reach(1);
    const early = building.progress();
    expect(early.estimated).toBeGreaterThan(early.indexed);
    await building.whenDone;
    expect(building.progress()).toMatchObject({ indexed: 3004, estimated: 3004, done: true });
  });
});

describe('the kept index', () => {
  it('is used while the file is unchanged and refused once it changed, even with its size and time put back', async () => {
    const [ours] = layouts();
    const file = await fileWith(ours!);
    const indexDir = path.join(dir(), 'index');
    const info = await stat(file);
    const identity = { size: info.size, mtimeMs: info.mtimeMs };
    await writeKeptIndex(indexDir, file, identity, await scanSessionFile(file));
    const kept = await readKeptIndex(indexDir, file, identity);
    expect(kept?.frameCount).toBe(3004);
    // Same size, same time, one byte different at the end: the head and tail hash tells.
    await writeFile(file, `${ours!.slice(0, -3)}} \n`);
    await utimes(file, info.atime, info.mtime);
    const after = await stat(file);
    expect(after.size).toBe(info.size);
    expect(await readKeptIndex(indexDir, file, { size: after.size, mtimeMs: after.mtimeMs })).toBeUndefined();
    // A different size or time is refused without reading the file.
    expect(await readKeptIndex(indexDir, file, { ...identity, size: identity.size + 1 })).toBeUndefined();
    expect(
      await readKeptIndex(indexDir, file, { ...identity, mtimeMs: identity.mtimeMs + 1 }),
    ).toBeUndefined();
  });
});
