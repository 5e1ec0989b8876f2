// The session file scanner (electron/host/session/sessionScan.ts) must find exactly the frames, blobs and members
// JSON.parse finds, however the file is laid out and wherever the read chunks happen to split it (a quote escaped
// by a backslash at the end of one chunk is the classic trap), and refuse damaged files with a position.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionFileError } from '../../../../../shared/session/migrations';
import {
  endOfFrame,
  scanSessionFile,
  type SessionScan,
} from '../../../../../electron/host/session/sessionScan';
import { suiteTempDir } from '../../../support/tempDir';

const dir = suiteTempDir('switchboard-scan-');
async function fileWith(text: string): Promise<string> {
  const file = path.join(dir(), `f${Math.random().toString(16).slice(2)}.switchboard`);
  await writeFile(file, text);
  return file;
}

function slices(bytes: Buffer, scan: SessionScan) {
  const text = (start: number, end: number) => bytes.toString('utf8', start, end);
  return {
    frames: Array.from({ length: scan.frameCount }, (_, i) =>
      JSON.parse(
        text(
          scan.frameStarts[i]!,
          i + 1 < scan.frameCount ? endOfFrame(bytes, scan.frameStarts[i + 1]!) : scan.framesEnd,
        ),
      ),
    ),
    blobs: Object.fromEntries([...scan.blobs].map(([hash, [s, e]]) => [hash, JSON.parse(text(s, e))])),
    members: Object.fromEntries([...scan.members].map(([name, [s, e]]) => [name, JSON.parse(text(s, e))])),
  };
}

async function expectScanMatches(text: string, chunkBytes?: number) {
  const file = await fileWith(text);
  const scan = await scanSessionFile(file, chunkBytes ? { chunkBytes } : {});
  const { frames, blobs, ...members } = JSON.parse(text) as Record<string, unknown>;
  const found = slices(Buffer.from(text), scan);
  expect(found.frames).toEqual(frames);
  expect(found.blobs).toEqual(blobs);
  expect(found.members).toEqual(members);
}

const tricky = [
  { kind: 'sse', id: 'a', raw: 'data: {"x":"\\\\"}\n\n', note: 'a "quoted" \\ backslash \\\\' },
  { kind: 'http', id: 'b', nested: { deep: [[{ q: '}]' }]] }, text: 'résumé 🙂 データ' },
  { kind: 'sse', id: 'c', raw: '\\', end: '\\\\' },
];

describe('scanSessionFile', () => {
  it('finds frames, blobs and members in a file laid out one frame per line, pretty-printed or minified', async () => {
    const file = {
      format: 'switchboard-session',
      schemaVersion: 2,
      title: 'T "quoted" {braces} [brackets]',
      agents: [{ id: 'a', cardText: '{"frames":[1,2]}' }],
      frames: tricky,
      redactions: [],
      blobs: { ['a'.repeat(64)]: 'aGVsbG8=', ['b'.repeat(64)]: '' },
    };
    const { frames, blobs, ...head } = file;
    const ours = `${JSON.stringify(head).slice(0, -1)},\n"frames":[\n${frames.map((f) => JSON.stringify(f)).join(',\n')}\n],\n"blobs":${JSON.stringify(blobs)}}\n`;
    for (const text of [ours, JSON.stringify(file), JSON.stringify(file, null, 2)]) {
      for (const chunk of [undefined, 1, 2, 3, 7, 64]) await expectScanMatches(text, chunk);
    }
  });

  it('agrees with JSON.parse on generated files split into generated chunks', async () => {
    const frame = fc.record({
      kind: fc.constantFrom('http', 'sse', 'webhook'),
      id: fc.string(),
      raw: fc.string({ unit: 'binary' }),
      more: fc.jsonValue(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(frame, { maxLength: 8 }),
        fc.dictionary(fc.stringMatching(/^[0-9a-f]{64}$/), fc.base64String(), { maxKeys: 3 }),
        fc.string(),
        fc.integer({ min: 1, max: 40 }),
        async (frames, blobs, title, chunkBytes) => {
          const text = JSON.stringify({ format: 'switchboard-session', title, frames, blobs });
          await expectScanMatches(text, chunkBytes);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses damaged files with a sentence that says where', async () => {
    const cases: Array<[string, RegExp]> = [
      ['{"frames":[{"a":1},', /truncated/],
      ['[1,2]', /one JSON object/],
      ['{"frames":{"a":1}}', /"frames" must be an array/],
      ['{"frames":[1]}', /each frame must be an object/],
      ['{"frames":["x"]}', /each frame must be an object/],
      ['{"blobs":{"h":{}}}', /base64 string/],
      ['{"frames":[]} trailing', /more after the end/],
      ['{"a":1}}', /more after the end|never opened/],
    ];
    for (const [text, message] of cases) {
      const error = await scanSessionFile(await fileWith(text)).catch((e: unknown) => e);
      expect(error, text).toBeInstanceOf(SessionFileError);
      expect((error as Error).message, text).toMatch(message);
      expect((error as Error).message, text).toMatch(/byte \d+/);
    }
  });

  it('stops at the frame limit', async () => {
    const text = JSON.stringify({ frames: [{}, {}, {}] });
    await expect(scanSessionFile(await fileWith(text), { maxFrames: 2 })).rejects.toThrow(
      /more than 2 frames/,
    );
  });
});
